import { useMatches, useRouteLoaderData } from "@remix-run/react";

/**
 * What a route module exports to run without the framework in the browser (decision 050):
 * `handle = { frameworkFree: true }`. Its page is rendered by React on the server only, and the
 * landers' own small script (app/lander-client) does what it does in the browser.
 */
export type FrameworkFreeHandle = { frameworkFree?: boolean };

/** The landers' script, when this page runs it instead of the framework; undefined on every other page. */
export function useLanderScript(): string | undefined {
  const matches = useMatches();
  const script = useRouteLoaderData<{ landerScript: string | null }>("layouts/lander")?.landerScript;
  return script && matches.some((match) => (match.handle as FrameworkFreeHandle | undefined)?.frameworkFree) ? script : undefined;
}
