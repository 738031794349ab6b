import { describe, expect, it } from "vitest";
import { countryMap, spreadPins } from "../../server/profiles/country-map";
import { reportedRegion, townPosition } from "../../server/profiles/places";
import { nicheSubjects } from "../../server/profiles/demo-members";
import { NICHES } from "../../server/sites/schema";

/** The dots of a map's runs, as cells. */
function cells(runs: string): Set<string> {
  const found = new Set<string>();
  for (const [, x, y, length] of runs.matchAll(/M([\d.]+) ([\d.]+)h(\d+)/g)) {
    for (let i = 0; i <= Number(length); i++) found.add(`${Number(x) - 0.5 + i},${Number(y) - 0.5}`);
  }
  return found;
}

describe("a country drawn from its towns", () => {
  it("draws the Netherlands taller than wide, with Groningen in the north-east and Maastricht in the far south", () => {
    const map = countryMap("NL");
    expect(map.rows).toBe(56);
    expect(map.columns).toBeLessThan(map.rows);
    const groningen = map.locate({ region: "GR", city: "Groningen" })!;
    const maastricht = map.locate({ region: "LI", city: "Maastricht" })!;
    expect(groningen.x).toBeGreaterThan(map.columns * 0.7);
    expect(groningen.y).toBeLessThan(map.rows * 0.2);
    expect(maastricht.y).toBeGreaterThan(map.rows * 0.9);
    // Every town's cell is a dot: Groningen's among them; the IJsselmeer between them is water.
    const dots = cells(map.runs);
    expect(dots.has(`${groningen.x - 0.5},${groningen.y - 0.5}`)).toBe(true);
    expect(dots.size).toBeGreaterThan(600);
  });

  it("places a member without a known town at the middle of their region, and nowhere without either", () => {
    const map = countryMap("NL");
    const utrecht = map.locate({ region: "UT", city: "Nergenshuizen" })!;
    expect(utrecht.y).toBeGreaterThan(map.rows * 0.35);
    expect(utrecht.y).toBeLessThan(map.rows * 0.65);
    expect(map.locate({ region: null, city: null })).toBeUndefined();
  });

  it("leaves off regions far from the rest of their country, so the mainland fills the map", () => {
    const usa = countryMap("US");
    expect(usa.columns).toBeGreaterThan(usa.rows);
    expect(usa.locate({ region: "AK", city: "Anchorage" })).toBeUndefined();
    const miami = usa.locate({ region: "FL", city: "Miami" })!;
    expect(miami.y).toBeGreaterThan(usa.rows * 0.85);
    expect(countryMap("ES").locate({ region: "CN", city: "Las Palmas de Gran Canaria" })).toBeUndefined();
  });

  it("draws each served country in a few kilobytes", () => {
    for (const country of ["NL", "BE", "DE", "GB", "US", "CA", "NO", "AU"] as const) expect(countryMap(country).runs.length).toBeLessThan(6_000);
  });
});

describe("pins on a map", () => {
  it("moves pins of one town apart until none covers another, and keeps them on the map", () => {
    const map = { columns: 40, rows: 50 };
    const town = { x: 1, y: 25 };
    const pins = spreadPins(map, [town, town, town, town, { x: 30, y: 10 }], 5);
    for (const [i, a] of pins.entries()) {
      expect(a.left * 40).toBeGreaterThanOrEqual(2.5 - 1e-9);
      for (const b of pins.slice(i + 1)) expect(Math.hypot((a.left - b.left) * 40, (a.top - b.top) * 50)).toBeGreaterThanOrEqual(5 - 0.05);
    }
    // One far from the others stays where it is.
    expect(pins[4]!.left).toBeCloseTo(30 / 40, 3);
    expect(pins[4]!.top).toBeCloseTo(10 / 50, 3);
  });
});

describe("where a visitor and a town are", () => {
  it("takes the region a proxy reports as a code of the country, with or without the country's prefix", () => {
    expect(reportedRegion("NL", "NL-GR")).toBe("GR");
    expect(reportedRegion("NL", " nh ")).toBe("NH");
    expect(reportedRegion("US", "TX")).toBe("TX");
    expect(reportedRegion("NL", "TX")).toBeUndefined();
    expect(reportedRegion("NL", undefined)).toBeUndefined();
    expect(reportedRegion("NL", "")).toBeUndefined();
  });

  it("finds a town by name, in the region given when a name is in several", () => {
    expect(townPosition("NL", "groningen")!.lat).toBeCloseTo(53.2, 0);
    const portlandOregon = townPosition("US", "Portland", "OR")!;
    const portlandMaine = townPosition("US", "Portland", "ME")!;
    expect(portlandOregon.lon).toBeLessThan(-120);
    expect(portlandMaine.lon).toBeGreaterThan(-71);
    expect(townPosition("NL", "Portland")).toBeUndefined();
    expect(townPosition("US", "Portland", "NL")).toBeUndefined();
  });
});

describe("the faces of a niche", () => {
  it("are the niche's kind of member, the same every time", () => {
    for (const niche of NICHES) expect(nicheSubjects(niche, 15)).toEqual(nicheSubjects(niche, 15));
    expect(nicheSubjects("gay", 15).every((subject) => subject.gender === "male")).toBe(true);
    expect(nicheSubjects("she", 15).every((subject) => subject.gender === "female")).toBe(true);
    expect(nicheSubjects("gilf", 15).every((subject) => subject.age >= 60)).toBe(true);
    expect(nicheSubjects("bbw", 15).every((subject) => ["full_figured", "curvy", "average"].includes(subject.body))).toBe(true);
    const mixed = nicheSubjects("none", 15);
    expect(mixed.slice(0, 4).map((subject) => subject.gender)).toEqual(["female", "male", "female", "male"]);
  });
});
