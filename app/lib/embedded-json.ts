/**
 * JSON for a `<script type="application/json">` block. The HTML parser ends a script at the first
 * `</script` whatever quotes surround it, and `<!--` changes how it looks for that end; escaping
 * every `<` as `\u003c` keeps both out while JSON.parse reads the same value back.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}
