import { data as withHeaders, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { searchCookie } from "../../server/http/cookies";
import { regionsOf } from "../../server/profiles/places";
import { maySearch } from "../../server/search/access";
import { decodeCursor, OLDEST_SEARCHED, searchMembers } from "../../server/search/search";
import { defaultFilters, filtersToParams, hasFilters, readFilters } from "../../server/search/state";
import { isCountryCode } from "../../server/sites/countries";
import * as form from "../components/form.css";
import { ProfileGrid } from "../components/profile-card";
import { accountMeta } from "../lib/meta";
import { countryNamer, listFictionalWarning, toCards } from "../lib/profiles.server";
import * as styles from "./members.css";

export const handle = { i18n: ["members", "likes"] };
export const meta = accountMeta;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { site, member, t } = context;
  const title = t("members:search.title");
  if (!maySearch(site, { signedIn: Boolean(member), fromTrafficSource: Boolean(context.tracking) })) {
    return { gate: true as const, title };
  }
  const url = new URL(request.url);
  const defaults = defaultFilters(site, member ?? undefined);
  // A query names the filters; without one the visitor's remembered search applies (§3).
  const fromQuery = hasFilters(url.searchParams);
  const filters = readFilters(fromQuery ? url.searchParams : new URLSearchParams(context.searchState ?? ""), site, defaults);
  const cursor = decodeCursor(url.searchParams.get("after"), "after") ?? decodeCursor(url.searchParams.get("before"), "before");
  const pageNumber = cursor ? Math.max(1, Number(url.searchParams.get("page")) || 1) : 1;
  const page = await searchMembers(context.services.store.db, { site, viewerProfileId: member?.profileId, filters, today: context.today, cursor });

  const countryName = countryNamer(context.language);
  const countries = site.countries.map((code) => ({
    code,
    name: countryName(code),
    regions: site.search_fields.includes("countryregion") && isCountryCode(code) ? regionsOf(code) : [],
  }));
  const query = filtersToParams(filters);
  const pageLink = (direction: "after" | "before", position: string | undefined, number: number) =>
    position ? `?${new URLSearchParams([...query, [direction, position], ["page", String(number)]])}` : undefined;
  const found = {
    gate: false as const,
    title,
    filters,
    fields: site.search_fields,
    minAge: site.min_age,
    oldest: OLDEST_SEARCHED,
    countries,
    results: toCards(context, page.results),
    fictionalWarning: listFictionalWarning(context, page.results),
    numResults: page.numResults,
    numResultsCapped: page.numResultsCapped,
    pageNumber,
    next: pageLink("after", page.next, pageNumber + 1),
    previous: pageNumber > 1 ? pageLink("before", page.previous, pageNumber - 1) : undefined,
  };
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (fromQuery) headers.append("Set-Cookie", searchCookie(query.toString()));
  return withHeaders(found, { headers });
}

/** Member search (§2 /members): filters of §3 and the site's search_fields, newest members first. */
export default function Members() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("members");
  const searching = useNavigation().state === "loading";
  if (data.gate) return <SearchGate title={data.title} />;
  const { filters, fields, countries } = data;
  const shows = (field: string) => fields.includes(field as (typeof fields)[number]);
  const regionCountries = countries.filter((country) => country.regions.length > 0);

  return (
    <main id="main" className={styles.page}>
      <div className={styles.header}>
        <h1 className={styles.heading}>{data.title}</h1>
        <p className={styles.count} role="status">
          {data.numResultsCapped ? t("search.countCapped", { count: data.numResults }) : t("search.count", { count: data.numResults })}
        </p>
      </div>
      <Form method="get" className={styles.filters} aria-label={t("search.filters")}>
        {shows("gender") ? (
          <div className={styles.filterField}>
            <label htmlFor="search-gender" className={styles.filterLabel}>{t("search.gender")}</label>
            <select id="search-gender" name="gender" defaultValue={filters.gender ?? ""} className={form.input}>
              <option value="">{t("search.everyone")}</option>
              <option value="female">{t("search.women")}</option>
              <option value="male">{t("search.men")}</option>
            </select>
          </div>
        ) : null}
        {shows("min_age") ? (
          <div className={styles.filterField}>
            <label htmlFor="search-min_age" className={styles.filterLabel}>{t("search.minAge")}</label>
            <input type="number" id="search-min_age" name="min_age" min={data.minAge} max={data.oldest} defaultValue={filters.min_age} className={form.input} />
          </div>
        ) : null}
        {shows("max_age") ? (
          <div className={styles.filterField}>
            <label htmlFor="search-max_age" className={styles.filterLabel}>{t("search.maxAge")}</label>
            <input type="number" id="search-max_age" name="max_age" min={data.minAge} max={data.oldest} defaultValue={filters.max_age} className={form.input} />
          </div>
        ) : null}
        {shows("country") && countries.length > 1 ? (
          <div className={styles.filterField}>
            <label htmlFor="search-country" className={styles.filterLabel}>{t("search.country")}</label>
            <select id="search-country" name="country" defaultValue={filters.country ?? ""} className={form.input} onChange={forgetOtherCountryRegion}>
              <option value="">{t("search.allCountries")}</option>
              {countries.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.name}
                </option>
              ))}
            </select>
          </div>
        ) : shows("country") && filters.country ? (
          <input type="hidden" name="country" value={filters.country} />
        ) : null}
        {regionCountries.length ? (
          <div className={`${styles.filterField} ${styles.wide}`}>
            <label htmlFor="search-countryregion" className={styles.filterLabel}>
              {t("search.region")}
            </label>
            {/* Regions grouped by country, so the filter works without JavaScript; a region picks its country. */}
            <select id="search-countryregion" name="countryregion" defaultValue={filters.country && filters.countryregion ? `${filters.country}:${filters.countryregion}` : ""} className={form.input}>
              <option value="">{t("search.allRegions")}</option>
              {regionCountries.map((country) =>
                regionCountries.length > 1 ? (
                  <optgroup key={country.code} label={country.name}>
                    {country.regions.map((region) => (
                      <option key={region.code} value={`${country.code}:${region.code}`}>
                        {region.name}
                      </option>
                    ))}
                  </optgroup>
                ) : (
                  country.regions.map((region) => (
                    <option key={region.code} value={`${country.code}:${region.code}`}>
                      {region.name}
                    </option>
                  ))
                ),
              )}
            </select>
          </div>
        ) : null}
        <button type="submit" className={form.button} disabled={searching}>
          {t("search.submit")}
        </button>
      </Form>

      {data.fictionalWarning ? <p className={styles.fictional}>{data.fictionalWarning}</p> : null}
      {data.results.length ? (
        <ProfileGrid profiles={data.results} />
      ) : (
        <p className={styles.empty}>{t("search.none")}</p>
      )}

      {data.previous || data.next ? (
        <nav className={styles.pager} aria-label={t("search.pages")}>
          {data.previous ? (
            <Link to={data.previous} className={form.secondaryButton} rel="prev">
              {t("search.previous")}
            </Link>
          ) : null}
          <span className={styles.pageNumber}>{t("search.page", { page: data.pageNumber })}</span>
          {data.next ? (
            <Link to={data.next} className={form.secondaryButton} rel="next">
              {t("search.next")}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </main>
  );
}

/** A region of another country than the one just chosen would override it: the region resets. */
function forgetOtherCountryRegion(event: ChangeEvent<HTMLSelectElement>) {
  const region = event.currentTarget.form?.elements.namedItem("countryregion");
  if (region instanceof HTMLSelectElement && region.value && !region.value.startsWith(`${event.currentTarget.value}:`)) region.value = "";
}

function SearchGate({ title }: { title: string }) {
  const { t } = useTranslation("members");
  return (
    <main id="main" className={styles.page}>
      <div className={styles.gate}>
        <h1 className={styles.heading}>{title}</h1>
        <p>{t("search.gate")}</p>
        <div className={styles.gateActions}>
          <Link to="/signup" className={form.button}>
            {t("search.gateSignup")}
          </Link>
          <Link to="/login?redirectTo=%2Fmembers" className={form.secondaryButton}>
            {t("search.gateLogin")}
          </Link>
        </div>
      </div>
    </main>
  );
}
