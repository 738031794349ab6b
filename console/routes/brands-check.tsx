import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { checkDomain, compactJson, consoleTime, groupByTopLevel, hostOf } from "../../server/support/brand-inspection";
import { consoleContext, requirePermission } from "../../server/support/console-context";
import { DefaultBadge, SettingsTables } from "../components/brand-settings";
import * as ui from "../styles/ui.css";
import * as css from "./brands.css";

export const meta: MetaFunction = () => [{ title: "Check a domain · Amora support" }];

/** The longest host name DNS allows. */
const HOST_MAX = 253;

export function loader({ context }: LoaderFunctionArgs) {
  requirePermission(context, "brands:view");
  const { services, url } = consoleContext(context);
  const domain = (url.searchParams.get("domain") ?? "").slice(0, 2000);
  if (!domain.trim()) return { domain, error: undefined, check: undefined };
  if (hostOf(domain).length > HOST_MAX) return { domain, error: `A domain name is at most ${HOST_MAX} characters long.`, check: undefined };
  const check = checkDomain(services.sites, domain);
  if (!check.found) return { domain, error: undefined, check };
  return {
    domain,
    error: undefined,
    check: {
      ...check,
      site: { ...check.site, loadedAt: consoleTime(check.site.loadedAt) },
      settings: groupByTopLevel(check.settings.map((row) => ({ ...row, value: compactJson(row.value) }))),
      refusedEdit: check.refusedEdit && { ...check.refusedEdit, at: consoleTime(check.refusedEdit.at) },
    },
  };
}

export default function BrandsCheck() {
  const { domain, error, check } = useLoaderData<typeof loader>();
  return (
    <div className={ui.page}>
      <div className={ui.pageHeader}>
        <h1>Check a domain</h1>
        <p className={ui.lead}>
          Which brand answers a host, and everything it serves there. <Link to="/brands">All brands</Link>
        </p>
      </div>
      <Form method="get" className={ui.inlineForm}>
        <div className={ui.field}>
          <label htmlFor="domain" className={ui.label}>
            Domain
          </label>
          <input
            id="domain"
            name="domain"
            type="text"
            className={ui.input}
            defaultValue={domain}
            required
            spellCheck={false}
            autoCapitalize="none"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "domain-error" : "domain-hint"}
          />
        </div>
        <button type="submit" className={ui.button.primary}>
          Check
        </button>
      </Form>
      {error ? (
        <p id="domain-error" className={ui.fieldError}>
          {error}
        </p>
      ) : (
        <p id="domain-hint" className={ui.hint}>
          A host as a visitor types it: a port, upper case, www. or a trailing dot are read as the brand hosts read them.
        </p>
      )}
      <div role="status">{check && !check.found ? <p className={ui.notice.warn}>{`No brand answers ${check.host || domain}.`}</p> : null}</div>
      {check?.found ? <Result check={check} /> : null}
    </div>
  );
}

type Found = Extract<NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["check"]>, { found: true }>;

function Result({ check }: { check: Found }) {
  const { site, refusedEdit, entryRules } = check;
  return (
    <>
      <section className={ui.card} aria-labelledby="answered-by">
        <h2 id="answered-by">
          {check.host} is {site.name}
        </h2>
        <dl className={ui.definitions}>
          <dt>Brand id</dt>
          <dd>
            <code>{site.id}</code>
          </dd>
          <dt>Answers by</dt>
          <dd>{check.matchedBy === "domain" ? "one of its domains" : "its site id on localhost (outside production only)"}</dd>
          <dt>Domains</dt>
          <dd>{site.domains.join(", ")}</dd>
          <dt>File loaded</dt>
          <dd>{site.loadedAt}</dd>
          <dt>Compare</dt>
          <dd>
            <Link to={`/brands/compare?a=${encodeURIComponent(site.id)}`}>Compare {site.name} with another brand</Link>
          </dd>
        </dl>
      </section>

      {refusedEdit ? (
        <section className={ui.notice.error} aria-labelledby="refused-edit">
          <h2 id="refused-edit">The last edit of this brand's file was refused</h2>
          <p className={css.noticeTitle}>
            <code>{refusedEdit.file}</code> was edited at {refusedEdit.at} and not applied: the version loaded at {site.loadedAt} keeps serving
            until these problems are fixed.
          </p>
          <ul className={css.problems}>
            {refusedEdit.problems.map((problem) => (
              <li key={`${problem.path}:${problem.message}`}>
                {problem.path ? <code>{problem.path}</code> : null} {problem.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <div className={ui.grid}>
        <section className={ui.card} aria-labelledby="entry-rules">
          <h2 id="entry-rules">Entry warning and site entry</h2>
          <dl className={ui.definitions}>
            <dt>Entry warning</dt>
            <dd>
              Visitors from {entryRules.entryWarningCountries.join(", ")}, on every brand and layout
              {entryRules.entryWarningServed.length > 0 ? ` (this brand serves ${entryRules.entryWarningServed.join(", ")})` : " (this brand serves none of them)"}
            </dd>
            <dt>Site-entry pop-up</dt>
            <dd>
              {entryRules.siteEntryPopup.enabled
                ? `On for signed-out visitors who have not skipped it, from ${
                    entryRules.siteEntryPopup.countries === "all" ? "every country" : entryRules.siteEntryPopup.countries.join(", ")
                  }`
                : "Off"}
            </dd>
          </dl>
        </section>
        <section className={ui.card} aria-labelledby="landing-slugs">
          <h2 id="landing-slugs">Landing slugs</h2>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">Locale</th>
                <th scope="col">Slug</th>
              </tr>
            </thead>
            <tbody>
              {check.landingSlugs.map((row) => (
                <tr key={row.locale}>
                  <td>{row.locale}</td>
                  <td>
                    <code>{row.slug}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      </div>

      <section className={ui.card} aria-labelledby="languages">
        <h2 id="languages">Visible languages per visitor country</h2>
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <thead>
              <tr>
                <th scope="col">Visitor from</th>
                <th scope="col">Served by the brand</th>
                <th scope="col">Languages offered</th>
              </tr>
            </thead>
            <tbody>
              {check.languagesByCountry.map((row) => (
                <tr key={row.country}>
                  <td>{row.country}</td>
                  <td>{row.served ? "yes" : "no"}</td>
                  <td>{row.languages.join(", ")}</td>
                </tr>
              ))}
              <tr>
                <td>anywhere else</td>
                <td>no</td>
                <td>{check.languagesElsewhere.join(", ")}</td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="settings" className={css.section}>
        <h2 id="settings">Resolved settings</h2>
        <p className={ui.hint}>
          <DefaultBadge /> marks a value the brand's file does not write: the schema's default fills it.
        </p>
        <SettingsTables groups={check.settings} />
      </section>
    </>
  );
}
