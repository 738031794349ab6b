/** Only a path on this site may be the way onward, never another host. */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  return typeof target === "string" && target.startsWith("/") && !target.startsWith("//") && !target.startsWith("/\\") ? target : fallback;
}
