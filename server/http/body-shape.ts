/**
 * Counts the fields of a request body and measures its values without building anything from it:
 * a form with tens of thousands of repeated names costs the form library time that grows with the
 * square of the repeats, so the count has to come before any parser sees the body. Every function
 * here is one linear pass over bytes that are already known to be few (the byte limit came first).
 */

export type ShapeLimits = { maxFields: number; maxValueBytes: number };

export type ShapeProblem = "too_many_fields" | "value_too_long";

const AMPERSAND = 0x26;
const PERCENT = 0x25;

/**
 * An application/x-www-form-urlencoded body: fields are the `&`-separated pairs (empty ones
 * included, so the count never falls short of what a parser finds); a pair's decoded size is its
 * length less two bytes per `%XX` escape.
 */
export function urlEncodedProblem(body: Uint8Array, { maxFields, maxValueBytes }: ShapeLimits): ShapeProblem | undefined {
  if (body.length === 0) return undefined;
  let fields = 1;
  let pairStart = 0;
  let escapes = 0;
  for (let i = 0; i <= body.length; i++) {
    const byte = i < body.length ? body[i] : AMPERSAND;
    if (byte === PERCENT) escapes++;
    else if (byte === AMPERSAND) {
      if (i - pairStart - 2 * escapes > maxValueBytes) return "value_too_long";
      if (i < body.length && ++fields > maxFields) return "too_many_fields";
      pairStart = i + 1;
      escapes = 0;
    }
  }
  return undefined;
}

/** The boundary a multipart/form-data Content-Type names, if any (quoted or not). */
export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2];
}

const HEADER_END = Buffer.from("\r\n\r\n");
/** A part's headers are a line or two; only so much of them is looked at for a file name. */
const MAX_HEADER_BYTES = 8 * 1024;
/** A part is a file when its Content-Disposition names a file name; any other part is a text field. */
const FILE_PART = /^content-disposition:[^\r\n]*;\s*filename\*?=/im;

/**
 * A multipart/form-data body: every part counts as a field, wherever it is; a text part (one
 * without a file name) may hold at most maxValueBytes, a file part at most maxFileBytes. Parts are
 * found by their delimiter (CRLF, `--`, boundary), the way the parsers split them, so a part this
 * misses would be one they miss too.
 */
export function multipartProblem(
  body: Buffer,
  boundary: string,
  { maxFields, maxValueBytes, maxFileBytes }: ShapeLimits & { maxFileBytes: number },
): ShapeProblem | undefined {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const opening = delimiter.subarray(2);
  // The first delimiter may open the body without the CRLF before it; anything before it is preamble.
  const first = body.subarray(0, opening.length).equals(opening) ? -2 : body.indexOf(delimiter);
  let start = first === -1 ? -1 : first + delimiter.length;
  let fields = 0;
  // `--` right after a delimiter closes the body; what follows is epilogue, which parsers skip.
  while (start !== -1 && !(body[start] === 0x2d && body[start + 1] === 0x2d) && start < body.length) {
    const next = body.indexOf(delimiter, start);
    const end = next === -1 ? body.length : next;
    if (++fields > maxFields) return "too_many_fields";
    // Searched within the part only, so a part without headers costs no scan of the rest.
    const part = body.subarray(start, end);
    const headerEnd = part.indexOf(HEADER_END);
    const headers = headerEnd === -1 ? "" : part.toString("latin1", 0, Math.min(headerEnd, MAX_HEADER_BYTES));
    const size = headerEnd === -1 ? part.length : part.length - headerEnd - HEADER_END.length;
    if (size > (FILE_PART.test(headers) ? maxFileBytes : maxValueBytes)) return "value_too_long";
    start = next === -1 ? -1 : next + delimiter.length;
  }
  return undefined;
}

/**
 * A JSON body: every value (object member, array item, nested or not) counts as a field, and a
 * string (or key) may hold at most maxValueBytes. A body that is not JSON is not refused here:
 * the route answers it as it answers any bad input.
 */
export function jsonProblem(body: Buffer, { maxFields, maxValueBytes }: ShapeLimits): ShapeProblem | undefined {
  let fields = 0;
  let problem: ShapeProblem | undefined;
  try {
    JSON.parse(body.toString("utf8"), (key, value: unknown) => {
      if (problem) return undefined;
      if (++fields > maxFields + 1) problem = "too_many_fields"; // +1: the reviver also visits the whole body
      else if (Buffer.byteLength(key) > maxValueBytes || (typeof value === "string" && Buffer.byteLength(value) > maxValueBytes)) {
        problem = "value_too_long";
      }
      return undefined;
    });
  } catch {
    return undefined;
  }
  return problem;
}
