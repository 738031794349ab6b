import type { LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { readSmsOutbox } from "../../server/sms/folder";
import { requireDevelopmentClient } from "../lib/development.server";
import * as styles from "./dev.sms.css";

/** For the developer at this machine only: the text messages the folder transport wrote, newest first. */
export async function loader({ context }: LoaderFunctionArgs) {
  requireDevelopmentClient(context);
  return { messages: await readSmsOutbox(context.services.dataDir) };
}

export const meta = () => [{ title: "SMS outbox (development)" }, { name: "robots", content: "noindex" }];

export default function DevSms() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <main id="main" className={styles.page}>
      <h1>SMS outbox</h1>
      <p>Development only: what the SMS provider would have sent. Newest first.</p>
      {messages.length === 0 ? <p>No text messages yet.</p> : null}
      <ul className={styles.list}>
        {messages.map((message) => (
          <li key={message.id} className={styles.item} data-sms-id={message.id}>
            <span className={styles.meta}>
              to <span className={styles.phone}>{message.to}</span> · {message.siteId} · <time dateTime={message.sentAt}>{message.sentAt.replace("T", " ").slice(0, 19)}</time>
            </span>
            <p className={styles.text}>{message.text}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
