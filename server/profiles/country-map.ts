import { LRUCache } from "lru-cache";
import type { CountryCode } from "../sites/countries";
import { forEachPlaceOf, townPosition } from "./places";

/**
 * A country drawn as dots, one per cell of a grid that holds a known town (the offline places of
 * decision 006): a map that needs no tile service, shows where people live, and costs a few
 * kilobytes. Each row's runs of towns are one stroke dotted at every cell (stroke-dasharray 0 1).
 */
export type CountryMap = {
  /** The grid's size: the SVG's viewBox is 0 0 columns rows. */
  columns: number;
  rows: number;
  /** SVG path data: one run per "M x y h n", to be stroked with round caps and dasharray "0 1". */
  runs: string;
  /** Where a member is drawn, in grid units; undefined for a place the map cannot put. */
  locate: (place: { region: string | null; city: string | null }) => { x: number; y: number } | undefined;
};

/** Cells along the wider side: enough for a recognisable outline, few enough to stay light. */
const GRID = 56;

/** Regions far from the rest of their country, which would shrink it to a corner of the map. */
const OUTLYING: Partial<Record<CountryCode, readonly string[]>> = {
  US: ["AK", "HI"],
  ES: ["CN", "CE", "ML"],
  NZ: ["CIT"],
};

const maps = new LRUCache<CountryCode, CountryMap>({ max: 64 });

export function countryMap(country: CountryCode): CountryMap {
  let map = maps.get(country);
  if (!map) {
    map = drawCountry(country);
    maps.set(country, map);
  }
  return map;
}

function drawCountry(country: CountryCode): CountryMap {
  const outlying = OUTLYING[country] ?? [];
  const places: { lat: number; lon: number; region: string }[] = [];
  forEachPlaceOf(country, (lat, lon, region) => {
    if (!outlying.includes(region)) places.push({ lat, lon, region });
  });
  const lats = places.map((place) => place.lat);
  const lons = places.map((place) => place.lon);
  const [south, north] = [Math.min(...lats), Math.max(...lats)];
  const [west, east] = [Math.min(...lons), Math.max(...lons)];
  // Equirectangular, squeezed by the cosine of the middle latitude: true enough at a country's scale.
  const squeeze = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const width = (east - west) * squeeze;
  const height = north - south;
  const cell = Math.max(width, height) / GRID;
  const columns = Math.max(1, Math.ceil(width / cell));
  const rows = Math.max(1, Math.ceil(height / cell));
  const project = (lat: number, lon: number) => ({
    x: Math.min(columns - 1, Math.floor(((lon - west) * squeeze) / cell)),
    y: Math.min(rows - 1, Math.floor((north - lat) / cell)),
  });

  const filled = new Set<number>();
  const regionSums = new Map<string, { x: number; y: number; count: number }>();
  for (const { lat, lon, region } of places) {
    const { x, y } = project(lat, lon);
    filled.add(y * columns + x);
    const sum = regionSums.get(region) ?? { x: 0, y: 0, count: 0 };
    regionSums.set(region, { x: sum.x + x, y: sum.y + y, count: sum.count + 1 });
  }
  const runs: string[] = [];
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < columns; x++) {
      if (!filled.has(y * columns + x)) continue;
      let end = x;
      while (filled.has(y * columns + end + 1)) end++;
      runs.push(`M${x + 0.5} ${y + 0.5}h${end - x}`);
      x = end;
    }
  }

  return {
    columns,
    rows,
    runs: runs.join(""),
    locate: ({ region, city }) => {
      if (region && outlying.includes(region)) return undefined;
      const town = city ? townPosition(country, city, region) : undefined;
      if (town) {
        const { x, y } = project(town.lat, town.lon);
        return { x: x + 0.5, y: y + 0.5 };
      }
      const sum = region ? regionSums.get(region) : undefined;
      return sum ? { x: sum.x / sum.count + 0.5, y: sum.y / sum.count + 0.5 } : undefined;
    },
  };
}

/**
 * Pins of `diameter` grid units at these points, moved apart until none covers another (members of
 * one town side by side, not stacked) and kept on the map: as fractions of its width and height.
 */
export function spreadPins(map: Pick<CountryMap, "columns" | "rows">, points: { x: number; y: number }[], diameter: number): { left: number; top: number }[] {
  const pins = points.map((point, i) => ({ x: point.x + Math.cos(i * 2.4) * 0.01, y: point.y + Math.sin(i * 2.4) * 0.01 }));
  const radius = diameter / 2;
  for (let round = 0; round < 200; round++) {
    let moved = false;
    for (let i = 0; i < pins.length; i++) {
      for (let j = i + 1; j < pins.length; j++) {
        const a = pins[i]!;
        const b = pins[j]!;
        const dx = b.x - a.x;
        const dy = b.y - a.y;
        const distance = Math.hypot(dx, dy);
        if (distance >= diameter) continue;
        // Each moves half of the overlap away from the other.
        const push = (diameter - distance) / 2 / Math.max(distance, 1e-6);
        a.x -= dx * push;
        a.y -= dy * push;
        b.x += dx * push;
        b.y += dy * push;
        moved = true;
      }
    }
    for (const pin of pins) {
      pin.x = Math.min(map.columns - radius, Math.max(radius, pin.x));
      pin.y = Math.min(map.rows - radius, Math.max(radius, pin.y));
    }
    if (!moved) break;
  }
  return pins.map((pin) => ({ left: pin.x / map.columns, top: pin.y / map.rows }));
}
