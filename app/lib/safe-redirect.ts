/** A host no real request ever has: a candidate that keeps it is a path on this site. */
const HOME = new URL("http://placeholder.invalid/");

/** Decoding rounds before a candidate counts as hostile: `%252F` needs two, nothing legitimate needs more. */
const MAX_DECODING_ROUNDS = 3;

/** The candidate read as a browser reads a Location header, or undefined when that leaves this site. */
function sameOriginPath(candidate: string): string | undefined {
  let url: URL;
  try {
    // The WHATWG parser strips tabs, newlines and leading controls and reads `\` as `/`, as a browser does.
    url = new URL(candidate, HOME);
  } catch {
    return undefined;
  }
  if (url.origin !== HOME.origin) return undefined;
  const path = url.pathname + url.search + url.hash;
  // "/.//evil.example" normalises to "//evil.example": the answer itself must read as a path here.
  return path.startsWith("//") || new URL(path, HOME).origin !== HOME.origin ? undefined : path;
}

/** True when the path still stays home once a later reader percent-decodes it (`/%2F%2Fevil.example`, `/%5Cevil.example`). */
function staysHomeDecoded(path: string): boolean {
  let pathname = path.split(/[?#]/, 1)[0] ?? "";
  for (let round = 0; round < MAX_DECODING_ROUNDS; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return false;
    }
    if (decoded === pathname) return true;
    if (sameOriginPath(decoded) === undefined) return false;
    pathname = decoded;
  }
  return false;
}

/**
 * The one check for every redirect whose target comes from the request (a `redirectTo` field or
 * query): the target as a path on this site (path, query and fragment), or the fallback when a
 * browser would read it as another host, a scheme such as `javascript:`, or nothing at all.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || target === "") return fallback;
  const path = sameOriginPath(target);
  return path !== undefined && staysHomeDecoded(path) ? path : fallback;
}
