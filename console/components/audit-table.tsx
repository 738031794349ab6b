import type { SerializeFrom } from "@remix-run/node";
import type { AuditRow } from "../../server/support/audit";
import * as ui from "../styles/ui.css";

/** An audit trail, newest first: for a member's page (who did it) or a staff account's (to whom). */
export function AuditTable({ rows, showStaff }: { rows: SerializeFrom<AuditRow>[]; showStaff: boolean }) {
  if (rows.length === 0) return <p className={ui.hint}>Nothing recorded yet.</p>;
  return (
    // Scrolls sideways on a narrow screen: a keyboard must reach it (axe: scrollable-region-focusable).
    <div className={ui.tableWrap} tabIndex={0} role="group" aria-label="Audit trail">
      <table className={ui.table}>
        <thead>
          <tr>
            <th scope="col">When (UTC)</th>
            {showStaff ? <th scope="col">Staff</th> : <th scope="col">Member</th>}
            <th scope="col">Action</th>
            <th scope="col">Detail</th>
            <th scope="col">From</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.at.toISOString().slice(0, 19).replace("T", " ")}</td>
              {showStaff ? (
                <td>{row.staffEmail ?? "server command"}</td>
              ) : (
                <td>{row.accountId ? <a href={`/members/${row.accountId}?site=${row.siteId ?? ""}`}>{`${row.siteId ?? ""} #${row.accountId}`}</a> : "—"}</td>
              )}
              <td>
                <code>{row.action}</code>
              </td>
              <td>
                <code>{Object.keys(row.detail).length > 0 ? JSON.stringify(row.detail) : ""}</code>
              </td>
              <td>{row.ip}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
