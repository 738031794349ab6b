import { useMatches } from "@remix-run/react";

/** The id of the deepest matched route, as app/routes.ts names it. */
export function useLeafRouteId(): string | undefined {
  const matches = useMatches();
  return matches[matches.length - 1]?.id;
}
