import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SearchOptions } from "../../lib/search-options.server";
import type { SearchFilters } from "../../../server/search/search";
import * as form from "../form.css";
import { closeSheet } from "./filters-sheet";
import * as styles from "./search-form.css";

const CHOICE_LABEL = { everyone: "search.everyone", female: "search.women", male: "search.men" } as const;

type Props = {
  filters: SearchFilters;
  options: SearchOptions;
  /** The age fields the brand offers, with the range they accept. */
  ages: { from: boolean; to: boolean; min: number; max: number };
  /** The defaults' query, where there is something to reset. */
  resetTo?: string;
};

/**
 * The search filters (§3 search state), a plain GET form. Only the fields a brand offers are
 * there, so none leaves a gap. A chosen country narrows the regions to its own, and a region
 * chosen among all countries picks its country.
 */
export function SearchForm({ filters, options, ages, resetTo }: Props) {
  const { t } = useTranslation("members");
  const searching = useNavigation().state === "loading";
  const [country, setCountry] = useState(filters.country ?? "");
  const [region, setRegion] = useState(filters.country && filters.countryregion ? `${filters.country}:${filters.countryregion}` : "");
  const regionGroups = country && options.countries.length ? options.regionGroups.filter((group) => group.country === country) : options.regionGroups;
  const chosen = filters.gender ?? "everyone";

  return (
    <Form method="get" className={styles.form} onSubmit={closeSheet}>
      {/* New filters keep the chosen order (the tabs above the results change it). */}
      {filters.order ? <input type="hidden" name="order" value={filters.order} /> : null}
      {options.lookingFor.length ? (
        <fieldset className={styles.group}>
          <legend className={styles.label}>{t("search.gender")}</legend>
          <div className={styles.choices}>
            {options.lookingFor.map((choice) => (
              <label key={choice} className={styles.choice}>
                <input type="radio" name="gender" value={choice === "everyone" ? "" : choice} defaultChecked={choice === chosen} className={styles.radio} />
                {t(CHOICE_LABEL[choice])}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {ages.from || ages.to ? (
        <div className={styles.pair}>
          {ages.from ? (
            <div className={styles.field}>
              <label htmlFor="search-min_age" className={styles.label}>
                {t("search.minAge")}
              </label>
              <input type="number" inputMode="numeric" id="search-min_age" name="min_age" min={ages.min} max={ages.max} defaultValue={filters.min_age} className={form.input} />
            </div>
          ) : null}
          {ages.to ? (
            <div className={styles.field}>
              <label htmlFor="search-max_age" className={styles.label}>
                {t("search.maxAge")}
              </label>
              <input type="number" inputMode="numeric" id="search-max_age" name="max_age" min={ages.min} max={ages.max} defaultValue={filters.max_age} className={form.input} />
            </div>
          ) : null}
        </div>
      ) : null}
      {options.countries.length ? (
        <div className={styles.field}>
          <label htmlFor="search-country" className={styles.label}>
            {t("search.country")}
          </label>
          <select
            id="search-country"
            name="country"
            value={country}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setCountry(value);
              // A region of another country would override the country just chosen.
              if (!region.startsWith(`${value}:`)) setRegion("");
            }}
            className={form.input}
          >
            <option value="">{t("search.allCountries")}</option>
            {options.countries.map((option) => (
              <option key={option.code} value={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {options.regionGroups.length ? (
        <div className={styles.field}>
          <label htmlFor="search-countryregion" className={styles.label}>
            {t("search.region")}
          </label>
          <select
            id="search-countryregion"
            name="countryregion"
            value={region}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setRegion(value);
              if (value) setCountry(value.slice(0, value.indexOf(":")));
            }}
            className={form.input}
          >
            <option value="">{t("search.allRegions")}</option>
            {regionGroups.length > 1
              ? regionGroups.map((group) => (
                  <optgroup key={group.country} label={group.name}>
                    {group.regions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.name}
                      </option>
                    ))}
                  </optgroup>
                ))
              : regionGroups[0]?.regions.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.name}
                  </option>
                ))}
          </select>
        </div>
      ) : null}
      <div className={styles.actions}>
        {resetTo ? (
          <Link to={resetTo} className={form.secondaryButton} onClick={closeSheet}>
            {t("search.reset")}
          </Link>
        ) : null}
        <button type="submit" className={`${form.button} ${styles.submit}`} disabled={searching}>
          {t("search.submit")}
        </button>
      </div>
    </Form>
  );
}
