import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { brandSummaries, consoleTime } from "../../server/support/brand-inspection";
import { consoleContext, requirePermission } from "../../server/support/console-context";
import { can } from "../../server/support/roles";
import * as ui from "../styles/ui.css";
import * as css from "./brands.css";

export const meta: MetaFunction = () => [{ title: "Brands · Amora support" }];

export function loader({ context }: LoaderFunctionArgs) {
  const staff = requirePermission(context, "brands:view");
  const { sites } = consoleContext(context).services;
  const brands = brandSummaries(sites).map((brand) => ({ ...brand, loadedAt: consoleTime(brand.loadedAt) }));
  const live = new Set(brands.map((brand) => brand.id));
  // A new file refused from the start has no brand row to carry its mark.
  const refusedNewFiles = sites
    .refusedEdits()
    .filter((edit) => !live.has(edit.id))
    .map((edit) => ({ file: edit.file, at: consoleTime(edit.at), problems: edit.problems }));
  return { brands, refusedNewFiles, mayManagePromotions: can(staff.role, "promotions:manage") };
}

export default function Brands() {
  const { brands, refusedNewFiles, mayManagePromotions } = useLoaderData<typeof loader>();
  return (
    <div className={ui.page}>
      <div className={ui.pageHeader}>
        <h1>Brands</h1>
        <p className={ui.lead}>
          What each brand file in <code>sites/</code> serves now. <Link to="/brands/check">Check a domain</Link> ·{" "}
          <Link to="/brands/compare">Compare two brands</Link>
        </p>
      </div>
      {refusedNewFiles.map((edit) => (
        <div key={edit.file} className={ui.notice.error}>
          <p className={css.noticeTitle}>
            <code>{edit.file}</code> was refused at {edit.at} and serves nothing yet:
          </p>
          <ul className={css.problems}>
            {edit.problems.map((problem) => (
              <li key={`${problem.path}:${problem.message}`}>
                {problem.path ? <code>{problem.path}</code> : null} {problem.message}
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <thead>
            <tr>
              <th scope="col">Brand</th>
              <th scope="col">Domains (check)</th>
              <th scope="col">Niche</th>
              <th scope="col">Countries</th>
              <th scope="col">Currency</th>
              <th scope="col">Provider</th>
              <th scope="col">Pool</th>
              <th scope="col">File loaded</th>
            </tr>
          </thead>
          <tbody>
            {brands.map((brand) => (
              <tr key={brand.id}>
                <td className={css.anchored}>
                  <strong>{brand.name}</strong>
                  <div className={ui.hint}>
                    {brand.id} ·{" "}
                    <Link to={`/brands/compare?a=${encodeURIComponent(brand.id)}`}>
                      compare<span className={ui.visuallyHidden}> {brand.name}</span>
                    </Link>
                    {mayManagePromotions ? (
                      <>
                        {" · "}
                        <Link to={`/brands/${encodeURIComponent(brand.id)}/discount-codes`}>
                          discount codes<span className={ui.visuallyHidden}> of {brand.name}</span>
                        </Link>
                      </>
                    ) : null}
                  </div>
                  {brand.editRefused ? (
                    <Link to={`/brands/check?domain=${encodeURIComponent(brand.domains[0] ?? "")}`} className={ui.badge.danger}>
                      last edit refused
                    </Link>
                  ) : null}
                </td>
                <td>
                  <ul className={css.plainList}>
                    {brand.domains.map((domain) => (
                      <li key={domain}>
                        <Link to={`/brands/check?domain=${encodeURIComponent(domain)}`}>{domain}</Link>
                      </li>
                    ))}
                  </ul>
                </td>
                <td className={css.nowrap}>
                  {brand.niche.number} · {brand.niche.name}
                </td>
                <td>{brand.countries.join(", ")}</td>
                <td>{brand.currencies.join(", ")}</td>
                <td>{brand.paymentProvider}</td>
                <td>{brand.pool}</td>
                <td className={css.nowrap}>{brand.loadedAt}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
