import type { LoaderFunctionArgs } from "@remix-run/node";
import { readMailFolder } from "../../server/mail/transport";

/** One written mail's HTML part, as a mail client would show it (outside production only). */
export async function loader({ params, context }: LoaderFunctionArgs) {
  if (context.services.production) throw new Response("Not found", { status: 404 });
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
