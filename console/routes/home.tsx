import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { consoleContext, requireStaff } from "../../server/support/console-context";
import { moderationCounts } from "../../server/support/moderation";
import { can } from "../../server/support/roles";
import * as ui from "../styles/ui.css";
import * as css from "./home.css";

export const meta: MetaFunction = () => [{ title: "Overview · Amora support" }];

const ROLE_TEXT = {
  support: "You help members: brands, members, credits and payments.",
  moderator: "You keep the brands safe: photos in review and complaints.",
  admin: "You can do everything in the console, and see the staff and their audit trails.",
} as const;

export async function loader({ context }: LoaderFunctionArgs) {
  const staff = requireStaff(context);
  const { services } = consoleContext(context);
  const counts = await moderationCounts({ db: services.store.db, sites: services.sites });
  return {
    email: staff.email,
    role: staff.role,
    roleText: ROLE_TEXT[staff.role],
    // Numbers for everyone; links only into the queues this role may open.
    may: { photos: can(staff.role, "photos:moderate"), complaints: can(staff.role, "complaints:handle") },
    counts,
    totals: counts.reduce((sum, row) => ({ photos: sum.photos + row.photos, open: sum.open + row.open, inProgress: sum.inProgress + row.inProgress }), { photos: 0, open: 0, inProgress: 0 }),
  };
}

/** A count, linking to its queue when the role may open it and there is something in it. */
function Count({ value, href, label }: { value: number; href: string | false; label: string }) {
  if (!href || value === 0) return <span className={value > 0 ? css.busy : undefined}>{value}</span>;
  return (
    <Link to={href} className={css.busy}>
      {value}
      <span className={ui.visuallyHidden}> {label}</span>
    </Link>
  );
}

/** The console's home (/): who is signed in, and what waits for moderators on each brand. */
export default function Home() {
  const { email, role, roleText, may, counts, totals } = useLoaderData<typeof loader>();
  const brandQuery = (siteId: string) => encodeURIComponent(siteId);
  return (
    <div className={ui.page}>
      <div className={ui.pageHeader}>
        <h1>Hello, {email}</h1>
        <p className={ui.lead}>
          Signed in as <span className={ui.badge.accent}>{role}</span>. {roleText}
        </p>
      </div>

      <div className={ui.grid}>
        <section className={ui.card} aria-labelledby="photos-total">
          <h2 id="photos-total">Photos in review</h2>
          <p className={css.total}>{totals.photos}</p>
          {may.photos ? <Link to="/moderation/photos">Open the photo queue</Link> : null}
        </section>
        <section className={ui.card} aria-labelledby="complaints-total">
          <h2 id="complaints-total">Complaints</h2>
          <p className={css.total}>
            {totals.open} open · {totals.inProgress} in progress
          </p>
          {may.complaints ? <Link to="/moderation/complaints">Open the complaints</Link> : null}
        </section>
      </div>

      <section aria-labelledby="per-brand" className={css.section}>
        <h2 id="per-brand">Per brand</h2>
        <div className={ui.tableWrap}>
          <table className={ui.table}>
            <caption className={ui.visuallyHidden}>What waits on each brand</caption>
            <thead>
              <tr>
                <th scope="col">Brand</th>
                <th scope="col" className={css.number}>
                  Photos in review
                </th>
                <th scope="col" className={css.number}>
                  Open complaints
                </th>
                <th scope="col" className={css.number}>
                  Complaints in progress
                </th>
              </tr>
            </thead>
            <tbody>
              {counts.map((row) => (
                <tr key={row.site.id}>
                  <th scope="row">
                    {row.site.name} <span className={ui.hint}>({row.site.id})</span>
                  </th>
                  <td className={css.number}>
                    <Count value={row.photos} href={may.photos && `/moderation/photos?site=${brandQuery(row.site.id)}`} label={`photos in review on ${row.site.name}`} />
                  </td>
                  <td className={css.number}>
                    <Count value={row.open} href={may.complaints && `/moderation/complaints?status=open&site=${brandQuery(row.site.id)}`} label={`open complaints on ${row.site.name}`} />
                  </td>
                  <td className={css.number}>
                    <Count value={row.inProgress} href={may.complaints && `/moderation/complaints?status=in_progress&site=${brandQuery(row.site.id)}`} label={`complaints in progress on ${row.site.name}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
