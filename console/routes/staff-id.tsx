import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { auditTrail } from "../../server/support/audit";
import { consoleContext, requirePermission } from "../../server/support/console-context";
import { AuditTable } from "../components/audit-table";
import * as ui from "../styles/ui.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.account.email ?? "Staff"} · Amora support` }];

export async function loader({ context, params }: LoaderFunctionArgs) {
  requirePermission(context, "staff:view");
  const { db } = consoleContext(context).services.store;
  const id = Number(params.id);
  const account = Number.isSafeInteger(id)
    ? await db.selectFrom("staff_accounts").select(["id", "email", "role", "created_at", "disabled_at"]).where("id", "=", id).executeTakeFirst()
    : undefined;
  if (!account) throw new Response("No staff account has this id.", { status: 404 });
  return { account, trail: await auditTrail(db, { staffId: account.id }, 200) };
}

export default function StaffAccount() {
  const { account, trail } = useLoaderData<typeof loader>();
  return (
    <div className={ui.page}>
      <div className={ui.pageHeader}>
        <h1>{account.email}</h1>
        <p className={ui.lead}>
          {account.role} · since {account.created_at.toISOString().slice(0, 10)}
          {account.disabled_at ? ` · disabled ${account.disabled_at.toISOString().slice(0, 10)}` : ""}
        </p>
      </div>
      <section className={ui.card} aria-labelledby="trail">
        <h2 id="trail">What this account did and saw</h2>
        <AuditTable rows={trail} showStaff={false} />
      </section>
    </div>
  );
}
