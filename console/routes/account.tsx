import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { auditTrail } from "../../server/support/audit";
import { actorOf, consoleContext, requireStaff } from "../../server/support/console-context";
import { listPasskeys, removePasskey } from "../../server/support/passkeys";
import { regenerateRecoveryCodes, unusedRecoveryCodes } from "../../server/support/recovery-codes";
import { AuditTable } from "../components/audit-table";
import { PasskeyRegistration } from "../components/passkey-ceremony";
import { RecoveryCodes } from "../components/recovery-codes";
import * as ui from "../styles/ui.css";

export const meta: MetaFunction = () => [{ title: "My account · Amora support" }];

const date = (value: Date | null) => (value ? value.toISOString().slice(0, 16).replace("T", " ") : "never");

export async function loader({ context }: LoaderFunctionArgs) {
  const staff = requireStaff(context);
  const { db } = consoleContext(context).services.store;
  const [passkeys, recoveryCodesLeft, trail] = await Promise.all([listPasskeys(db, staff.id), unusedRecoveryCodes(db, staff.id), auditTrail(db, { staffId: staff.id }, 20)]);
  return { email: staff.email, role: staff.role, passkeys, recoveryCodesLeft, trail };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = requireStaff(context);
  const { db } = consoleContext(context).services.store;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "regenerate-codes") {
    return { recoveryCodes: await regenerateRecoveryCodes(db, { staffId: staff.id, actor: actorOf(context) }), notice: undefined };
  }
  if (intent === "remove-passkey") {
    const id = form.get("passkey");
    const removed = typeof id === "string" && (await removePasskey(db, { staffId: staff.id, id, actor: actorOf(context) }));
    return data({ recoveryCodes: undefined, notice: removed ? "Passkey removed." : "That passkey was already gone." }, { status: removed ? 200 : 404 });
  }
  return data({ recoveryCodes: undefined, notice: "Unknown request." }, { status: 400 });
}

export default function Account() {
  const { email, role, passkeys, recoveryCodesLeft, trail } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className={ui.page}>
      <div className={ui.pageHeader}>
        <h1>My account</h1>
        <p className={ui.lead}>
          {email} · {role}
        </p>
      </div>
      <div role="status">{answer?.notice ? <p className={ui.notice.info}>{answer.notice}</p> : null}</div>

      <section className={ui.card} aria-labelledby="passkeys">
        <h2 id="passkeys">Passkeys</h2>
        <p className={ui.hint}>A passkey signs you in after your password, instead of a code from your authenticator app.</p>
        {passkeys.length === 0 ? (
          <p>No passkeys yet.</p>
        ) : (
          <div className={ui.tableWrap}>
            <table className={ui.table}>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Added (UTC)</th>
                  <th scope="col">Last used (UTC)</th>
                  <th scope="col">
                    <span className={ui.visuallyHidden}>Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {passkeys.map((passkey) => (
                  <tr key={passkey.id}>
                    <td>{passkey.name}</td>
                    <td>{date(passkey.createdAt)}</td>
                    <td>{date(passkey.lastUsedAt)}</td>
                    <td>
                      <Form method="post">
                        <input type="hidden" name="passkey" value={passkey.id} />
                        <button type="submit" name="intent" value="remove-passkey" className={ui.button.secondary} aria-label={`Remove passkey ${passkey.name}`}>
                          Remove
                        </button>
                      </Form>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <PasskeyRegistration />
      </section>

      <section className={ui.card} aria-labelledby="recovery">
        <h2 id="recovery">Recovery codes</h2>
        {answer?.recoveryCodes ? (
          <RecoveryCodes codes={answer.recoveryCodes} />
        ) : (
          <>
            <p>{recoveryCodesLeft === 1 ? "1 unused code left." : `${recoveryCodesLeft} unused codes left.`}</p>
            <Form method="post">
              <p className={ui.hint}>New codes replace all the old ones, used or not.</p>
              <button type="submit" name="intent" value="regenerate-codes" className={ui.button.secondary}>
                Make new recovery codes
              </button>
            </Form>
          </>
        )}
      </section>

      <section className={ui.card} aria-labelledby="trail">
        <h2 id="trail">My recent activity</h2>
        <AuditTable rows={trail} showStaff={false} />
      </section>
    </div>
  );
}
