import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requirePermission, consoleContext } from "../../server/support/console-context";
import * as ui from "../styles/ui.css";

export const meta: MetaFunction = () => [{ title: "Staff · Amora support" }];

export async function loader({ context }: LoaderFunctionArgs) {
  requirePermission(context, "staff:view");
  const { db } = consoleContext(context).services.store;
  const accounts = await db
    .selectFrom("staff_accounts")
    .select(["id", "email", "role", "created_at", "disabled_at"])
    .select((eb) => [
      eb.fn.coalesce(eb.selectFrom("staff_passkeys").select(eb.fn.countAll<number>().as("n")).whereRef("staff_passkeys.staff_id", "=", "staff_accounts.id"), eb.lit(0)).as("passkeys"),
      eb("totp_secret", "is not", null).as("totp"),
      eb.selectFrom("staff_sessions").select((inner) => inner.fn.max("staff_sessions.last_seen_at").as("seen")).whereRef("staff_sessions.staff_id", "=", "staff_accounts.id").as("lastSeen"),
    ])
    .orderBy("email")
    .execute();
  return { accounts };
}

export default function Staff() {
  const { accounts } = useLoaderData<typeof loader>();
  return (
    <div className={ui.page}>
      <div className={ui.pageHeader}>
        <h1>Staff</h1>
        <p className={ui.lead}>
          Accounts are added and disabled on the server: <code>npm run staff -- add &lt;email&gt; --role support|moderator|admin</code>
        </p>
      </div>
      <div className={ui.tableWrap}>
        <table className={ui.table}>
          <thead>
            <tr>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Second factors</th>
              <th scope="col">Last active</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id}>
                <td>
                  <Link to={`/staff/${account.id}`}>{account.email}</Link>
                </td>
                <td>{account.role}</td>
                <td>
                  {[account.totp ? "authenticator app" : null, Number(account.passkeys) > 0 ? `${account.passkeys} passkey(s)` : null].filter(Boolean).join(", ") || "none yet"}
                </td>
                <td>{account.lastSeen ? account.lastSeen.toISOString().slice(0, 16).replace("T", " ") : "—"}</td>
                <td>{account.disabled_at ? <span className={ui.badge.danger}>disabled</span> : <span className={ui.badge.ok}>active</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
