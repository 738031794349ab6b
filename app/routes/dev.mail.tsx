import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { readMailFolder } from "../../server/mail/transport";
import { requireDevelopmentClient } from "../lib/development.server";
import * as styles from "./dev.mail.css";

/** For the developer at this machine only: the mails the folder transport wrote, newest first. */
export async function loader({ context }: LoaderFunctionArgs) {
  requireDevelopmentClient(context);
  const mails = await readMailFolder(context.services.dataDir);
  return { mails: mails.map(({ id, to, subject }) => ({ id, to, subject })) };
}

export const meta = () => [{ title: "Mail outbox (development)" }, { name: "robots", content: "noindex" }];

export default function DevMail() {
  const { mails } = useLoaderData<typeof loader>();
  return (
    <main id="main" className={styles.page}>
      <h1>Mail outbox</h1>
      <p>Development only: what SMTP would have sent. Newest first.</p>
      {mails.length === 0 ? <p>No mail yet.</p> : null}
      <ul className={styles.list}>
        {mails.map((mail) => (
          <li key={mail.id} className={styles.item}>
            <Link to={`/dev/mail/${mail.id}`} reloadDocument className={styles.subject}>
              {mail.subject}
            </Link>
            <span>to {mail.to}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
