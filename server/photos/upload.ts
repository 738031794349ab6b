import {
  MaxPartSizeExceededError,
  unstable_createMemoryUploadHandler as createMemoryUploadHandler,
  unstable_parseMultipartFormData as parseMultipartFormData,
  type UploadHandler,
} from "@remix-run/node";
import { MAX_UPLOAD_BYTES } from "./process";

/** Room for the multipart framing and a few small text fields around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;
/** The whole request body may not exceed this, whatever its parts. */
export const MAX_UPLOAD_REQUEST_BYTES = MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES;
/** A text field next to the photo (an intent, a CSRF token) is small. */
const MAX_TEXT_FIELD_BYTES = 16 * 1024;

export type PhotoUpload = { ok: true; bytes: Buffer; fields: FormData } | { ok: false; error: "too_large" | "missing"; fields?: FormData };

class RequestTooLargeError extends Error {}

/**
 * Reads a multipart form with one photo in `field` for a Remix action, holding at most
 * MAX_UPLOAD_BYTES of it in memory: a request that says or turns out to be larger is answered
 * "too_large" without reading further. Other file fields are dropped; text fields come back in
 * `fields`. An absent or empty file is "missing". The bytes are not checked here: processImage does.
 */
export async function readPhotoUpload(request: Request, field = "photo"): Promise<PhotoUpload> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_UPLOAD_REQUEST_BYTES) return { ok: false, error: "too_large" };

  const photo = createMemoryUploadHandler({ maxPartSize: MAX_UPLOAD_BYTES });
  const text = createMemoryUploadHandler({ maxPartSize: MAX_TEXT_FIELD_BYTES });
  const handler: UploadHandler = async (part) => {
    if (part.filename === undefined) return text(part);
    if (part.name === field) return photo(part);
    return undefined;
  };

  let fields: FormData;
  try {
    fields = await parseMultipartFormData(capped(request, MAX_UPLOAD_REQUEST_BYTES), handler);
  } catch (error) {
    if (error instanceof MaxPartSizeExceededError || error instanceof RequestTooLargeError) return { ok: false, error: "too_large" };
    // Not multipart at all, or cut off: there is no file to take.
    if (error instanceof TypeError || (error instanceof Error && /malformed|boundary|unexpected end/i.test(error.message))) {
      return { ok: false, error: "missing" };
    }
    throw error;
  }
  const file = fields.get(field);
  fields.delete(field);
  // A file input left empty still sends its part, with no name and no bytes.
  if (!(file instanceof Blob) || file.size === 0) return { ok: false, error: "missing", fields };
  return { ok: true, bytes: Buffer.from(await file.arrayBuffer()), fields };
}

/** The same request, with a body that fails once more than `limit` bytes have come (chunked bodies name no length). */
function capped(request: Request, limit: number): Request {
  if (!request.body) return request;
  let seen = 0;
  const body = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        seen += chunk.byteLength;
        if (seen > limit) controller.error(new RequestTooLargeError(`request body over ${limit} bytes`));
        else controller.enqueue(chunk);
      },
    }),
  );
  return new Request(request.url, { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit);
}
