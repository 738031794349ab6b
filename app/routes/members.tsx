import { data as withHeaders, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { searchCookie } from "../../server/http/cookies";
import { maySearch } from "../../server/search/access";
import { decodeCursor, OLDEST_SEARCHED, searchMembers } from "../../server/search/search";
import { activeFilterCount, defaultFilters, filtersToParams, hasFilters, readFilters, readOrder } from "../../server/search/state";
import * as form from "../components/form.css";
import { ProfileGrid } from "../components/profile-card";
import { FiltersButton, FiltersSheet } from "../components/search/filters-sheet";
import { SearchForm } from "../components/search/search-form";
import { SearchTabs } from "../components/search/search-tabs";
import { accountMeta } from "../lib/meta";
import { listFictionalWarning, toCards } from "../lib/profiles.server";
import { searchOptions } from "../lib/search-options.server";
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
  const filters = { ...readFilters(fromQuery ? url.searchParams : new URLSearchParams(context.searchState ?? ""), site, defaults), order: readOrder(url.searchParams) };
  const cursor = decodeCursor(url.searchParams.get("after"), "after") ?? decodeCursor(url.searchParams.get("before"), "before");
  const pageNumber = cursor ? Math.max(1, Number(url.searchParams.get("page")) || 1) : 1;
  const page = await searchMembers(context.services.store.db, { site, viewerProfileId: member?.profileId, filters, today: context.today, cursor });

  const query = filtersToParams(filters);
  const pageLink = (direction: "after" | "before", position: string | undefined, number: number) =>
    position ? `?${new URLSearchParams([...query, [direction, position], ["page", String(number)]])}` : undefined;
  const activeFilters = activeFilterCount(filters, defaults);
  const found = {
    gate: false as const,
    title,
    signedIn: Boolean(member),
    filters,
    /** The filters as a query: a new one gives the form a fresh start. */
    query: query.toString(),
    options: searchOptions(site, context.language),
    ages: { from: site.search_fields.includes("min_age"), to: site.search_fields.includes("max_age"), min: site.min_age, max: OLDEST_SEARCHED },
    activeFilters,
    resetTo: activeFilters ? `?${filtersToParams({ ...defaults, order: filters.order })}` : undefined,
    results: toCards(context, page.results),
    fictionalWarning: listFictionalWarning(context, page.results),
    numResults: page.numResults,
    numResultsCapped: page.numResultsCapped,
    pageNumber,
    next: pageLink("after", page.next, pageNumber + 1),
    previous: pageNumber > 1 ? pageLink("before", page.previous, pageNumber - 1) : undefined,
  };
  const headers = new Headers({ "Cache-Control": "private, no-store" });
  if (fromQuery) headers.append("Set-Cookie", searchCookie(filtersToParams({ ...filters, order: undefined }).toString()));
  return withHeaders(found, { headers });
}

/**
 * Member search (§2 /members): the results first, newest members first; the filters of §3 and the
 * site's search_fields in a sheet on phones and beside the results on wider screens.
 */
export default function Members() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation("members");
  if (data.gate) return <SearchGate title={data.title} />;

  return (
    <main id="main" className={styles.page}>
      <div className={styles.top}>
        <div className={styles.header}>
          <div className={styles.titles}>
            <h1 className={styles.heading}>{data.title}</h1>
            <p className={styles.count} role="status">
              {data.numResultsCapped ? t("search.countCapped", { count: data.numResults }) : t("search.count", { count: data.numResults })}
            </p>
          </div>
          <FiltersButton active={data.activeFilters} />
        </div>
        {/* The match finder needs the member's own profile. */}
        {data.signedIn ? <SearchTabs /> : null}
      </div>

      <FiltersSheet className={styles.panel}>
        <SearchForm key={data.query} filters={data.filters} options={data.options} ages={data.ages} resetTo={data.resetTo} />
      </FiltersSheet>

      <div className={styles.results}>
        {data.fictionalWarning ? <p className={styles.fictional}>{data.fictionalWarning}</p> : null}
        {data.results.length ? (
          <ProfileGrid profiles={data.results} />
        ) : (
          <div className={styles.empty}>
            <p className={styles.emptyText}>{t("search.none")}</p>
            {data.resetTo ? (
              <Link to={data.resetTo} className={form.button}>
                {t("search.reset")}
              </Link>
            ) : null}
          </div>
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
      </div>
    </main>
  );
}

function SearchGate({ title }: { title: string }) {
  const { t } = useTranslation("members");
  return (
    <main id="main" className={styles.gatePage}>
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
