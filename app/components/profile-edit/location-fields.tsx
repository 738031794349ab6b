import { useEffect, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { useTranslation } from "react-i18next";
import { apiFetch } from "../../lib/api";
import * as form from "../form.css";
import * as styles from "./profile-edit.css";

export type CountryRegions = { code: string; name: string; regionLabel: string; regions: { code: string; name: string }[] };

type Place = { country: string; region: string | null; city: string | null };
type Locating = { state: "idle" | "locating" | "found" } | { state: "error"; message: string };
type Town = { city: string; region: string };
/** The server's refusal of a city and a region that do not go together. */
export type PlaceError = { city: string; region: string };

/** The browser may reuse a position up to an hour old (§9). */
const POSITION_MAX_AGE_MS = 60 * 60 * 1000;
/** Typing pauses this long before the towns are looked up. */
const TOWN_LOOKUP_DELAY_MS = 200;

/**
 * Country, city and region, with a button that asks the browser where the member is and fills the
 * three through /api/geocode.php (§4 geolocation, §7). The city suggests towns as it is typed
 * (/api/towns), and the region follows it: a town only one region has sets the region, a name
 * several have ("Springfield") leaves their regions to choose from. The server checks the pair again.
 */
export function LocationFields({
  countries,
  initial,
  initialTownRegions,
  showRegion,
  showCity,
  error,
}: {
  countries: CountryRegions[];
  initial: Place;
  /** The regions that have a town named like the initial city (none: any region). */
  initialTownRegions: string[];
  showRegion: boolean;
  showCity: boolean;
  error: PlaceError | undefined;
}) {
  const { t } = useTranslation("members");
  const [country, setCountry] = useState(initial.country);
  const [region, setRegion] = useState(initial.region ?? "");
  const [city, setCity] = useState(initial.city ?? "");
  const [towns, setTowns] = useState<Town[]>([]);
  const [lookedUpRegions, setTownRegions] = useState(initialTownRegions);
  const [locating, setLocating] = useState<Locating>({ state: "idle" });
  const [typed, setTyped] = useState(false);
  const hydrated = useHydrated();
  const current = countries.find((entry) => entry.code === country);
  // Without JavaScript nothing follows the city as it changes: every region stays open, and the server decides.
  const townRegions = hydrated ? lookedUpRegions : [];
  const regions = current?.regions.filter((entry) => townRegions.length === 0 || townRegions.includes(entry.code)) ?? [];
  const regionFromCity = townRegions.length === 1 && regions.length === 1 ? regions[0] : undefined;
  const shownError = error && !typed ? error : undefined;

  // Towns starting with what was typed, and the regions of a town of exactly that name.
  useEffect(() => {
    if (!typed || !showCity) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      apiFetch(`/api/towns?${new URLSearchParams({ country, city })}`, { signal: controller.signal })
        .then((response) => (response.ok ? (response.json() as Promise<{ towns: Town[]; regions: string[] }>) : undefined))
        .then((found) => {
          if (!found) return;
          setTowns(found.towns);
          setTownRegions(found.regions);
          if (found.regions.length === 1) setRegion(found.regions[0] ?? "");
          else if (found.regions.length > 1) setRegion((chosen) => (found.regions.includes(chosen) ? chosen : ""));
        })
        .catch(() => undefined);
    }, TOWN_LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [country, city, typed, showCity]);

  async function geocode(position?: GeolocationPosition) {
    const query = position ? `?${new URLSearchParams({ lat: String(position.coords.latitude), lon: String(position.coords.longitude) })}` : "";
    const response = await apiFetch(`/api/geocode.php${query}`);
    const body = (await response.json().catch(() => ({}))) as { location?: (Place & { region: string | null }) | false; error?: string };
    if (response.ok && body.location) {
      setCountry(body.location.country);
      setRegion(body.location.region ?? "");
      setCity(body.location.city ?? "");
      setTownRegions(body.location.region ? [body.location.region] : []);
      setTyped(false);
      setLocating({ state: "found" });
    } else {
      setLocating({ state: "error", message: body.error ?? t("geolocation.not_found") });
    }
  }

  function locate() {
    if (!("geolocation" in navigator)) {
      setLocating({ state: "error", message: t("geolocation.unsupported") });
      return;
    }
    setLocating({ state: "locating" });
    navigator.geolocation.getCurrentPosition(
      (position) => void geocode(position).catch(() => setLocating({ state: "error", message: t("geolocation.not_found") })),
      (error) => {
        setLocating({ state: "error", message: t(error.code === error.PERMISSION_DENIED ? "geolocation.denied" : "geolocation.not_found") });
        // A failed attempt is stored too (§7: "on failure stored as false").
        void apiFetch("/api/geocode.php").catch(() => undefined);
      },
      { maximumAge: POSITION_MAX_AGE_MS, timeout: 20_000 },
    );
  }

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{t("edit.location")}</legend>
      <div className={styles.locate}>
        <button
          type="button"
          onClick={locate}
          className={locating.state === "error" ? form.secondaryButton : form.button}
          aria-busy={locating.state === "locating"}
          // A tap before the page runs would be lost: the button waits for JavaScript.
          disabled={!hydrated || locating.state === "locating"}
          data-state={locating.state}
        >
          {locating.state === "locating" ? t("geolocation.locating") : t("geolocation.button")}
        </button>
        <p role="status" className={locating.state === "error" ? form.errors : form.hint}>
          {locating.state === "error" ? locating.message : locating.state === "found" ? t("geolocation.found") : t("geolocation.hint")}
        </p>
      </div>
      <div className={styles.columns}>
        <div className={form.field}>
          <label htmlFor="location-country" className={form.label}>
            {t("labels.country")}
          </label>
          <select
            id="location-country"
            name="country"
            value={country}
            onChange={(event) => {
              setCountry(event.target.value);
              setRegion("");
              setTownRegions([]);
              setTyped(true);
            }}
            className={form.input}
          >
            {countries.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name}
              </option>
            ))}
          </select>
        </div>
        {showCity ? (
          <div className={form.field}>
            <label htmlFor="location-city" className={form.label}>
              {t("labels.city")}
            </label>
            <input
              id="location-city"
              name="city"
              value={city}
              onChange={(event) => {
                setCity(event.target.value);
                setTyped(true);
                if (!event.target.value.trim()) setTownRegions([]);
              }}
              list="location-towns"
              maxLength={60}
              autoComplete="address-level2"
              className={form.input}
            />
            <datalist id="location-towns">
              {towns.map((town) => (
                <option key={`${town.city}|${town.region}`} value={town.city} label={current?.regions.find((entry) => entry.code === town.region)?.name} />
              ))}
            </datalist>
          </div>
        ) : null}
        {showRegion && current?.regions.length ? (
          <div className={form.field}>
            <label htmlFor="location-region" className={form.label}>
              {current.regionLabel}
            </label>
            {/* A region the city decides is shown, not chosen; a disabled select sends nothing, so a hidden field does. */}
            {regionFromCity ? <input type="hidden" name="region" value={regionFromCity.code} /> : null}
            <select
              id="location-region"
              name={regionFromCity ? undefined : "region"}
              value={regionFromCity ? regionFromCity.code : region}
              onChange={(event) => setRegion(event.target.value)}
              disabled={Boolean(regionFromCity)}
              aria-invalid={shownError ? true : undefined}
              aria-describedby={shownError ? "location-region-error" : regionFromCity ? "location-region-hint" : undefined}
              className={form.input}
            >
              <option value="">{t("edit.notSaid")}</option>
              {regions.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.name}
                </option>
              ))}
            </select>
            {regionFromCity ? (
              <p id="location-region-hint" className={form.hint}>
                {t("edit.regionFromCity", { city, region: regionFromCity.name })}
              </p>
            ) : null}
            {shownError ? (
              <p id="location-region-error" className={styles.fieldError}>
                {t("edit.regionMismatch", shownError)}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
