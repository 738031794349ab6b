import type { LoaderFunctionArgs } from "@remix-run/node";

/** GET /api/interests.php (§7): the site's interest tags, labelled in the visitor's language. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { site, t } = context;
  const interests = site.interests.map((tag) => ({ tag, label: t(`members:interest.${tag}`) }));
  return Response.json({ interests }, { headers: { "Cache-Control": "private, max-age=3600", Vary: "Cookie, Accept-Language" } });
}
