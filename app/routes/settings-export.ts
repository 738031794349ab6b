import { Readable } from "node:stream";
import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { consume, minutesFrom } from "../../server/accounts/limits";
import { exportZip } from "../../server/privacy/export";
import { EXPORT_LIMITED } from "../../server/privacy/export-link";
import { requireMember } from "../lib/auth.server";

/**
 * GET /settings/export: the signed-in member's own data of this brand as a zip download (issue 19
 * item 7). A download changes nothing, so it is a link; it is rate limited per member because it
 * reads every photo, and never stored by a cache.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const member = requireMember(context, request);
  const limit = await consume(context.services.limits.dataExport, `${member.siteId}:${member.accountId}`);
  if (!limit.allowed) throw redirect(`/settings?${EXPORT_LIMITED}=${minutesFrom(limit.msBeforeNext)}#privacy`, { headers: { "Cache-Control": "no-store" } });

  const zip = await exportZip(
    { db: context.services.store.db, storage: context.services.photos },
    {
      owner: { siteId: member.siteId, accountId: member.accountId, profileId: member.profileId },
      // In the member's own language, as their e-mails are.
      readme: context.translatorFor(member.language, member.country)("privacy:export.readme", { name: context.site.name, date: context.today, email: member.email }),
      signal: request.signal,
      onError: (error) => context.log.error({ err: error }, "data export failed while streaming"),
    },
  );
  const filename = `${context.site.id}-${context.today}.zip`;
  return new Response(Readable.toWeb(zip) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
