import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ComplaintStatus } from "../../server/db/schema";
import { complaintCounts, COMPLAINT_LIST_LIMIT, COMPLAINT_STATUSES, listComplaints } from "../../server/support/complaint-queue";
import { actorOf, consoleContext, requirePermission } from "../../server/support/console-context";
import { BrandFilter, brandOptions } from "../components/brand-filter";
import { consoleMinute, REASON_LABEL, STATUS_LABEL } from "../lib/complaint-labels";
import * as ui from "../styles/ui.css";
import * as css from "./moderation-complaints.css";

export const meta: MetaFunction = () => [{ title: "Complaints · Amora support" }];

const isStatus = (value: string | null): value is ComplaintStatus => COMPLAINT_STATUSES.includes(value as ComplaintStatus);
/** The first words of a message, for the table; the complaint's page shows it whole. */
const excerpt = (text: string) => (text.length > 140 ? `${text.slice(0, 139).trimEnd()}…` : text);

export async function loader({ request, context }: LoaderFunctionArgs) {
  requirePermission(context, "complaints:handle");
  const { services } = consoleContext(context);
  const url = new URL(request.url);
  const requested = url.searchParams.get("status");
  const status: ComplaintStatus = isStatus(requested) ? requested : "open";
  const site = services.sites.byId(url.searchParams.get("site") ?? "");
  const db = services.store.db;
  const [rows, counts] = await Promise.all([
    listComplaints({ db, actor: actorOf(context), status, siteId: site?.id }),
    complaintCounts({ db, siteId: site?.id }),
  ]);
  const names = new Map(services.sites.all().map((brand) => [brand.id, brand.name]));
  return {
    brands: brandOptions(services.sites),
    siteId: site?.id ?? "",
    status,
    tabs: COMPLAINT_STATUSES.map((tab) => ({ status: tab, label: STATUS_LABEL[tab], count: counts[tab], href: `?${new URLSearchParams({ status: tab, ...(site ? { site: site.id } : {}) })}` })),
    limit: COMPLAINT_LIST_LIMIT,
    rows: rows.map((row) => ({
      id: row.id,
      brand: names.get(row.siteId) ?? row.siteId,
      reason: REASON_LABEL[row.reason],
      message: excerpt(row.message),
      reporter: row.reporterEmail ?? "—",
      reported: row.reported ? `${row.reported.name} (${row.reported.profileId})` : "The site",
      handledBy: row.handledBy ?? "—",
      filed: consoleMinute(row.createdAt),
      resolved: consoleMinute(row.resolvedAt),
    })),
  };
}

/** The complaint queue (/moderation/complaints): a tab per status, a table of complaints, of one brand or all. */
export default function Complaints() {
  const { brands, siteId, status, tabs, rows, limit } = useLoaderData<typeof loader>();
  const current = tabs.find((tab) => tab.status === status);
  return (
    <div className={ui.page}>
      <div className={ui.pageHeader}>
        <h1>Complaints</h1>
        <p className={ui.lead}>Take a complaint to work on it, then resolve it with what was done.</p>
      </div>
      <div className={ui.card}>
        <BrandFilter brands={brands} siteId={siteId} label="Complaint queue brand" keep={{ status }} />
      </div>
      <nav aria-label="Complaint status" className={css.tabs}>
        {tabs.map((tab) => (
          <Link key={tab.status} to={tab.href} className={css.tab} aria-current={tab.status === status ? "page" : undefined}>
            {tab.label} <span className={ui.badge.neutral}>{tab.count}</span>
          </Link>
        ))}
      </nav>
      <section aria-labelledby="list-title" className={css.section}>
        <h2 id="list-title">
          {current?.label} complaints{rows.length === limit ? ` (the first ${limit})` : ""}
        </h2>
        {rows.length === 0 ? (
          <p className={ui.hint}>None.</p>
        ) : (
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <caption className={ui.visuallyHidden}>{current?.label} complaints</caption>
              <thead>
                <tr>
                  <th scope="col">Complaint</th>
                  <th scope="col">Brand</th>
                  <th scope="col">About</th>
                  <th scope="col">Message</th>
                  <th scope="col">Reporter</th>
                  <th scope="col">Filed (UTC)</th>
                  <th scope="col">{status === "resolved" ? "Resolved (UTC)" : "Handled by"}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td className={css.nowrap}>
                      <Link to={`/moderation/complaints/${row.id}`}>
                        #{row.id} {row.reason}
                      </Link>
                    </td>
                    <td>{row.brand}</td>
                    <td>{row.reported}</td>
                    <td className={css.message}>{row.message}</td>
                    <td className={css.wrap}>{row.reporter}</td>
                    <td className={css.nowrap}>{row.filed}</td>
                    <td className={css.wrap}>{status === "resolved" ? row.resolved : row.handledBy}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
