import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ageLines, BODIES } from "../../server/profiles/avatar-figure";
import { AVATAR_VARIANTS, lookOf, type AvatarSubject } from "../../server/profiles/avatar-look";
import { avatarSvg } from "../../server/profiles/avatar-svg";
import { PROFILE_CHOICES } from "../../server/profiles/choices";
import { avatarAge, avatarKey, subjectOfKey } from "../../server/profiles/demo-avatars";

const MAX_BYTES = 6 * 1024;
const variants = Array.from({ length: AVATAR_VARIANTS }, (_, variant) => variant);
const subject = (over: Partial<AvatarSubject> = {}): AvatarSubject => ({ gender: "female", age: 25, body: "average", hair: "brown", variant: 7, ...over });
const share = (subjects: AvatarSubject[], test: (look: ReturnType<typeof lookOf>) => boolean) => subjects.filter((s) => test(lookOf(s))).length / subjects.length;

describe("demo portraits", () => {
  it("draw the years: lines, grey and white hair and glasses come with age", () => {
    for (const variant of variants) {
      const young = subject({ variant, age: 25 });
      const old = subject({ variant, age: 65 });
      const look = lookOf(old);
      expect(ageLines(young.age, look.skin.shade, look.turn)).toBe("");
      expect(avatarSvg(old)).toContain(ageLines(old.age, look.skin.shade, look.turn));
      expect(avatarSvg(old)).not.toBe(avatarSvg(young));
    }
    // Grey hair is silver in the fifties and white from the late sixties; brows follow.
    expect(lookOf(subject({ age: 55, hair: "grey" })).hairColour.base).not.toBe(lookOf(subject({ age: 70, hair: "grey" })).hairColour.base);
    const at = (age: number) => variants.flatMap((variant) => PROFILE_CHOICES.gender.map((gender) => subject({ gender, age, variant })));
    expect(share(at(65), (look) => look.glasses !== "none")).toBeGreaterThan(share(at(25), (look) => look.glasses !== "none") + 0.25);
    expect(share(at(60), (look) => look.greying)).toBeGreaterThan(0.3);
    expect(share(at(25), (look) => look.greying)).toBe(0);
  });

  it("draw the body type: wider figures for curvy and full-figured members, always shown down to the hips", () => {
    const slim = avatarSvg(subject({ body: "slim" }));
    const full = avatarSvg(subject({ body: "full_figured" }));
    expect(slim).toContain(`L${BODIES.female.slim.hip} 480`);
    expect(full).toContain(`L${BODIES.female.full_figured.hip} 480`);
    for (const gender of PROFILE_CHOICES.gender) {
      const [s, c, f] = (["slim", "curvy", "full_figured"] as const).map((body) => BODIES[gender][body]);
      expect(s!.hip).toBeLessThan(c!.hip);
      expect(c!.waist).toBeLessThan(f!.waist);
    }
    for (const variant of variants) {
      for (const body of ["curvy", "full_figured"] as const) {
        const look = lookOf(subject({ body, variant }));
        expect(look.framing).toBe("figure");
        expect(look.pose).not.toBe("down");
      }
    }
  });

  it("draw men as men: beards for many, no earrings or lipstick, broader shoulders", () => {
    const men = variants.map((variant) => subject({ gender: "male", age: 40, variant }));
    expect(share(men, (look) => look.beard !== "none")).toBeGreaterThan(0.5);
    expect(share(men, (look) => look.earrings !== "none" || look.necklace !== "none")).toBe(0);
    for (const body of PROFILE_CHOICES.body_type) expect(BODIES.male[body].shoulder).toBeGreaterThan(BODIES.female[body].shoulder);
  });

  it("spread over styles, backdrops, framings and hairstyles, so a grid of twenty does not look like one template", () => {
    const grid = Array.from({ length: 20 }, (_, i) => lookOf(subject({ age: 35 + (i % 4) * 5, variant: i })));
    const kinds = (pick: (look: (typeof grid)[number]) => string) => new Set(grid.map(pick)).size;
    expect(kinds((look) => look.style)).toBeGreaterThanOrEqual(3);
    expect(kinds((look) => look.backdrop)).toBeGreaterThanOrEqual(6);
    expect(kinds((look) => look.framing)).toBeGreaterThanOrEqual(3);
    expect(kinds((look) => look.pose)).toBeGreaterThanOrEqual(3);
    expect(kinds((look) => look.hairstyle)).toBeGreaterThanOrEqual(4);
    expect(kinds((look) => look.skin.base)).toBeGreaterThanOrEqual(4);
    expect(new Set(grid.map((look) => avatarSvg(look.subject))).size).toBe(20);
  });

  it("are valid SVG with a viewBox, under 6 KB for every subject", async () => {
    const sampled: string[] = [];
    for (const gender of PROFILE_CHOICES.gender)
      for (let age = 20; age <= 75; age += 5)
        for (const body of PROFILE_CHOICES.body_type)
          for (const hair of PROFILE_CHOICES.hair_colour)
            for (const variant of variants) {
              const svg = avatarSvg({ gender, age, body, hair, variant });
              expect(svg.length).toBeLessThan(MAX_BYTES);
              if (variant === (age + hair.length) % AVATAR_VARIANTS && body !== "athletic") sampled.push(svg);
            }
    expect(sampled.length).toBeGreaterThan(400);
    for (const svg of sampled) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 400 400"/);
      // librsvg (through sharp) refuses anything that is not well-formed SVG.
      const meta = await sharp(Buffer.from(svg)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["svg", 400, 400]);
    }
  }, 60_000);

  it("are the same for the same member, and their file names say who they show", () => {
    const member = subject({ gender: "male", age: 57, body: "curvy", hair: "red", variant: 31 });
    expect(avatarSvg(member)).toBe(avatarSvg({ ...member }));
    expect(avatarKey(member)).toBe("demo/v2/m55-curvy-red-31.svg");
    expect(subjectOfKey(avatarKey(member))).toEqual({ ...member, age: 55 });
    expect([18, 19, 20, 24, 25, 74, 75, 90].map(avatarAge)).toEqual([20, 20, 20, 20, 25, 70, 75, 75]);
    for (const key of ["demo/v2/x55-curvy-red-3.svg", "demo/v2/m57-curvy-red-3.svg", "demo/v2/m55-round-red-3.svg", "demo/v2/m55-curvy-pink-3.svg", "demo/v2/m55-curvy-red-32.svg", "demo/avatar-1.webp", "benelux/m55-curvy-red-3.svg"]) {
      expect([key, subjectOfKey(key)]).toEqual([key, null]);
    }
  });
});
