import { describe, expect, it } from "vitest";
import { checkPaymentSetup, PaymentConfigError, paymentSetupProblems, secretReader, siteSecretName } from "../../server/payments/providers";
import { parseSiteFile } from "../../server/sites/load";
import type { Site } from "../../server/sites/schema";
import { siteFile } from "../support/site-fixtures";

const brand = (id: string, overrides: Record<string, unknown> = {}): Site => parseSiteFile(`sites/${id}.json`, JSON.stringify(siteFile(overrides))).site!;

describe("payment providers: secrets and the production check", () => {
  it("reads a brand's own secret before the shared one", () => {
    const flirt = brand("flirt-nl");
    const read = secretReader({ MOLLIE_API_KEY: "shared", MOLLIE_API_KEY_FLIRT_NL: "own", EMPTY_FLIRT_NL: " ", EMPTY: "fallback" });
    expect(siteSecretName("MOLLIE_API_KEY", "flirt-nl")).toBe("MOLLIE_API_KEY_FLIRT_NL");
    expect(read("MOLLIE_API_KEY", flirt)).toBe("own");
    expect(read("MOLLIE_API_KEY", brand("bbw-us"))).toBe("shared");
    expect(read("MOLLIE_API_KEY")).toBe("shared");
    expect(read("EMPTY", flirt)).toBe("fallback");
    expect(read("MISSING", flirt)).toBeUndefined();
  });

  it("refuses in production a test-provider brand that does not allow it, and a provider without its secrets", () => {
    const sites = [
      brand("test-only"),
      brand("test-allowed", { allow_test_payments: true }),
      brand("mollie-nl", { payment_provider: "mollie" }),
      brand("verotel-us", { payment_provider: "verotel" }),
    ];
    const secret = secretReader({ TEST_PAYMENTS_SECRET: "s", VEROTEL_SHOP_ID: "123" });
    const problems = paymentSetupProblems(sites, { production: true, secret });
    expect(problems).toHaveLength(3);
    expect(problems[0]).toMatch(/^test-only: payment_provider is "test".*"allow_test_payments": true/);
    expect(problems[1]).toBe('mollie-nl: payment_provider "mollie" needs MOLLIE_API_KEY_MOLLIE_NL or MOLLIE_API_KEY in the environment');
    expect(problems[2]).toBe('verotel-us: payment_provider "verotel" needs VEROTEL_SIGNATURE_KEY_VEROTEL_US or VEROTEL_SIGNATURE_KEY in the environment');
    expect(() => checkPaymentSetup(sites, { production: true, secret })).toThrow(PaymentConfigError);
  });

  it("asks the test provider's secret in production even where the brand allows it", () => {
    const problems = paymentSetupProblems([brand("test-allowed", { allow_test_payments: true })], { production: true, secret: secretReader({}) });
    expect(problems).toEqual(['test-allowed: payment_provider "test" needs TEST_PAYMENTS_SECRET_TEST_ALLOWED or TEST_PAYMENTS_SECRET in the environment']);
  });

  it("starts anything outside production, and a complete setup in production", () => {
    expect(paymentSetupProblems([brand("test-only"), brand("mollie-nl", { payment_provider: "mollie" })], { production: false, secret: secretReader({}) })).toEqual([]);
    const secret = secretReader({ MOLLIE_API_KEY_MOLLIE_NL: "live_x" });
    expect(() => checkPaymentSetup([brand("mollie-nl", { payment_provider: "mollie" })], { production: true, secret })).not.toThrow();
  });
});
