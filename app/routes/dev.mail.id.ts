import type { LoaderFunctionArgs } from "@remix-run/node";
import { readMailFolder } from "../../server/mail/transport";
import { requireDevelopmentClient } from "../lib/development.server";

/** One written mail's HTML part, as a mail client would show it (for the developer at this machine only). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  requireDevelopmentClient(context);
  const mail = (await readMailFolder(context.services.dataDir, 1_000)).find((candidate) => candidate.id === params.id);
  if (!mail) throw new Response("Not found", { status: 404 });
  return new Response(mail.html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      // Mail HTML is styled inline and runs no script.
      "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
    },
  });
}
