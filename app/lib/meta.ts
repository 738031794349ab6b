import type { MetaDescriptor, MetaFunction } from "@remix-run/node";

/** The page title of an account screen: its own title, then the brand's. Not for search engines. */
export const accountMeta: MetaFunction = ({ data, matches }) => {
  const brand = (matches.find((match) => match.id === "root")?.data as { site?: { name: string } } | undefined)?.site?.name;
  const title = (data as { title?: string } | undefined)?.title;
  return [{ title: [title, brand].filter(Boolean).join(" | ") }, { name: "robots", content: "noindex" }];
};

/** The head a loader made with publicPageHead (page-head.server.ts). */
export const loaderHead: MetaFunction = ({ data }) => (data as { head?: MetaDescriptor[] } | undefined)?.head ?? [];
