import { useState } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { useTranslation } from "react-i18next";
import { apiFetch } from "../../lib/api";
import * as form from "../form.css";
import * as styles from "./profile-edit.css";

export type CountryRegions = { code: string; name: string; regionLabel: string; regions: { code: string; name: string }[] };

type Place = { country: string; region: string | null; city: string | null };
type Locating = { state: "idle" | "locating" | "found" } | { state: "error"; message: string };

/** The browser may reuse a position up to an hour old (§9). */
const POSITION_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Country, region and city, with a button that asks the browser where the member is and fills the
 * three through /api/geocode.php (§4 geolocation, §7). The fields stay editable by hand.
 */
export function LocationFields({ countries, initial, showRegion, showCity }: { countries: CountryRegions[]; initial: Place; showRegion: boolean; showCity: boolean }) {
  const { t } = useTranslation("members");
  const [country, setCountry] = useState(initial.country);
  const [region, setRegion] = useState(initial.region ?? "");
  const [city, setCity] = useState(initial.city ?? "");
  const [locating, setLocating] = useState<Locating>({ state: "idle" });
  const hydrated = useHydrated();
  const current = countries.find((entry) => entry.code === country);

  async function geocode(position?: GeolocationPosition) {
    const query = position ? `?${new URLSearchParams({ lat: String(position.coords.latitude), lon: String(position.coords.longitude) })}` : "";
    const response = await apiFetch(`/api/geocode.php${query}`);
    const body = (await response.json().catch(() => ({}))) as { location?: (Place & { region: string | null }) | false; error?: string };
    if (response.ok && body.location) {
      setCountry(body.location.country);
      setRegion(body.location.region ?? "");
      setCity(body.location.city ?? "");
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
        {showRegion && current?.regions.length ? (
          <div className={form.field}>
            <label htmlFor="location-region" className={form.label}>
              {current.regionLabel}
            </label>
            <select id="location-region" name="region" value={region} onChange={(event) => setRegion(event.target.value)} className={form.input}>
              <option value="">{t("edit.notSaid")}</option>
              {current.regions.map((entry) => (
                <option key={entry.code} value={entry.code}>
                  {entry.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {showCity ? (
          <label className={form.field}>
            <span className={form.label}>{t("labels.city")}</span>
            <input name="city" value={city} onChange={(event) => setCity(event.target.value)} maxLength={60} autoComplete="address-level2" className={form.input} />
          </label>
        ) : null}
      </div>
    </fieldset>
  );
}
