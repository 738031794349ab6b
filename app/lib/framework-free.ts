import { useMatches } from "@remix-run/react";
import { useRootData } from "../root";

/**
 * What a route module exports to run without the framework in the browser (decision 050):
 * `handle = { frameworkFree: true }`, for pages only visitors see (the home page, the landers).
 * Its page is rendered by React on the server only, and the visitors' own small script
 * (app/visitor-script) does what it does in the browser.
 */
export type FrameworkFreeHandle = { frameworkFree?: boolean };

/** The visitors' script, when this page runs it instead of the framework; undefined on every other page. */
export function useVisitorScript(): string | undefined {
  const matches = useMatches();
  const script = useRootData()?.visitorScript;
  return script && matches.some((match) => (match.handle as FrameworkFreeHandle | undefined)?.frameworkFree) ? script : undefined;
}
