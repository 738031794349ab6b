import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { normalizeRecoveryCode } from "../../server/support/recovery-codes";
import { relyingParty } from "../../server/support/passkeys";
import { groupedSecret, otpauthUri, qrCodeSvg, totpCode, totpSecretFromBytes, totpStep } from "../../server/support/totp";

// RFC 6238's SHA-1 seed "12345678901234567890", in base32.
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("the staff's second factors", () => {
  it("computes RFC 6238's SHA-1 test vectors (their last six digits)", () => {
    expect(totpCode({ secret: RFC_SECRET, now: 59_000 })).toBe("287082");
    expect(totpCode({ secret: RFC_SECRET, now: 1_111_111_109_000 })).toBe("081804");
    expect(totpCode({ secret: RFC_SECRET, now: 2_000_000_000_000 })).toBe("279037");
  });

  it("takes a code of the step before, of now and of the step after, and no other", () => {
    const secret = totpSecretFromBytes(randomBytes(32));
    const now = 1_800_000_015_000;
    const step = Math.floor(now / 30_000);
    expect(totpStep({ secret, code: totpCode({ secret, now }), now })).toBe(step);
    expect(totpStep({ secret, code: totpCode({ secret, now: now - 30_000 }), now })).toBe(step - 1);
    expect(totpStep({ secret, code: totpCode({ secret, now: now + 30_000 }), now })).toBe(step + 1);
    expect(totpStep({ secret, code: totpCode({ secret, now: now - 60_000 }), now })).toBeUndefined();
    expect(totpStep({ secret, code: totpCode({ secret, now: now + 60_000 }), now })).toBeUndefined();
    expect(totpStep({ secret, code: "12345", now })).toBeUndefined();
    expect(totpStep({ secret, code: "abcdef", now })).toBeUndefined();
  });

  it("makes 160-bit secrets (of the first 20 bytes given), an otpauth URI apps read, its QR code as SVG, and the secret in groups to type", async () => {
    const secret = totpSecretFromBytes(randomBytes(32));
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = otpauthUri({ secret, email: "ana@staff.example" });
    expect(uri).toBe(`otpauth://totp/Amora%20support:ana%40staff.example?issuer=Amora%20support&secret=${secret}&algorithm=SHA1&digits=6&period=30`);
    expect(await qrCodeSvg(uri)).toMatch(/^<svg [^>]*viewBox/);
    expect(groupedSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });

  it("reads a recovery code however it was typed, and nothing that cannot be one", () => {
    expect(normalizeRecoveryCode("k7pw-3mza-qh9e")).toBe("k7pw-3mza-qh9e");
    expect(normalizeRecoveryCode(" K7PW 3MZA QH9E ")).toBe("k7pw-3mza-qh9e");
    expect(normalizeRecoveryCode("k7pw3mzaqh9e")).toBe("k7pw-3mza-qh9e");
    expect(normalizeRecoveryCode("123456")).toBeUndefined();
    expect(normalizeRecoveryCode("k7pw-3mza-qh9o")).toBeUndefined();
    expect(normalizeRecoveryCode("k7pw-3mza-qh9e-aaaa")).toBeUndefined();
  });

  it("names the console's host, without its port, as the passkeys' relying party", () => {
    expect(relyingParty("http://support.localhost:3000")).toEqual({ rpID: "support.localhost", origin: "http://support.localhost:3000" });
    expect(relyingParty("https://support.example.com")).toEqual({ rpID: "support.example.com", origin: "https://support.example.com" });
  });
});
