import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { actorOf, consoleContext, requirePermission } from "../../server/support/console-context";
import { SEARCH_LIMIT, searchMembers } from "../../server/support/members";
import * as ui from "../styles/ui.css";
import * as css from "./members.css";

export const meta: MetaFunction = () => [{ title: "Members · Amora support" }];

const day = (value: Date) => value.toISOString().slice(0, 10);

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePermission(context, "members:view");
  const { services } = consoleContext(context);
  const url = new URL(request.url);
  const brands = services.sites
    .all()
    .map((site) => ({ id: site.id, name: site.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const siteId = url.searchParams.get("site") ?? "";
  const query = (url.searchParams.get("q") ?? "").trim();
  const site = services.sites.byId(siteId);
  const siteError = query && !site ? "Choose the brand to search in." : undefined;
  const hits =
    site && query
      ? (await searchMembers({ db: services.store.db, actor: actorOf(context), siteId: site.id, query })).map((hit) => ({ ...hit, createdAt: day(hit.createdAt), banned: hit.bannedAt !== null }))
      : undefined;
  return { brands, siteId: site?.id ?? "", query, siteError, hits, limit: SEARCH_LIMIT };
}

export default function Members() {
  const { brands, siteId, query, siteError, hits, limit } = useLoaderData<typeof loader>();
  return (
    <div className={ui.page}>
      <div className={ui.pageHeader}>
        <h1>Members</h1>
        <p className={ui.lead}>Find a member of one brand by e-mail address, member id (account or profile) or profile name.</p>
      </div>
      <Form method="get" className={`${ui.card} ${ui.inlineForm}`} role="search" aria-label="Members">
        <div className={ui.field}>
          <label htmlFor="field-site" className={ui.label}>
            Brand
          </label>
          <select id="field-site" name="site" defaultValue={siteId} className={ui.input} required aria-invalid={siteError ? true : undefined} aria-describedby={siteError ? "field-site-error" : undefined}>
            <option value="">Choose a brand</option>
            {brands.map((brand) => (
              <option key={brand.id} value={brand.id}>
                {brand.name} ({brand.id})
              </option>
            ))}
          </select>
          {siteError ? (
            <p id="field-site-error" className={ui.fieldError}>
              {siteError}
            </p>
          ) : null}
        </div>
        <div className={`${ui.field} ${css.grow}`}>
          <label htmlFor="field-q" className={ui.label}>
            E-mail, id or name
          </label>
          <input id="field-q" name="q" type="search" defaultValue={query} className={ui.input} required maxLength={254} spellCheck={false} autoCapitalize="off" />
        </div>
        <button type="submit" className={ui.button.primary}>
          Search
        </button>
      </Form>

      {hits ? (
        <section aria-labelledby="results" className={css.section}>
          <h2 id="results">{hits.length === 0 ? "No members found" : hits.length === limit ? `The first ${limit} members found` : `${hits.length} found`}</h2>
          {hits.length > 0 ? (
            <div className={ui.tableWrap}>
              <table className={ui.table}>
                <thead>
                  <tr>
                    <th scope="col">E-mail</th>
                    <th scope="col">Name</th>
                    <th scope="col">Account</th>
                    <th scope="col">Profile</th>
                    <th scope="col">State</th>
                    <th scope="col">Signed up</th>
                  </tr>
                </thead>
                <tbody>
                  {hits.map((hit) => (
                    <tr key={hit.accountId}>
                      <td>
                        <Link to={`/members/${hit.accountId}?site=${encodeURIComponent(siteId)}`}>{hit.email}</Link>
                      </td>
                      <td>{hit.name ?? "—"}</td>
                      <td>{hit.accountId}</td>
                      <td>{hit.profileId ?? "—"}</td>
                      <td>
                        <span className={css.badges}>
                          <span className={hit.status === "confirmed" ? ui.badge.ok : ui.badge.neutral}>{hit.status.replace("_", " ")}</span>
                          {hit.profileStatus === "hidden" ? <span className={ui.badge.warn}>profile hidden</span> : null}
                          {hit.banned ? <span className={ui.badge.danger}>banned</span> : null}
                        </span>
                      </td>
                      <td>{hit.createdAt}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
