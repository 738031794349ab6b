import { parse as parseCookies } from "cookie";
import type { NextFunction, Request, Response } from "express";
import type { i18n, TFunction } from "i18next";
import getRawBody from "raw-body";
import { translationLanguage } from "../i18n/languages";
import { chooseLanguage } from "../i18n/locale";
import { MAX_UPLOAD_BYTES } from "../photos/process";
import { MAX_UPLOAD_REQUEST_BYTES } from "../photos/upload";
import { ABOUT_ME_MAX } from "../profiles/labels";
import { MESSAGE_LENGTH_MAX, type Site } from "../sites/schema";
import { MESSAGE_MAX as COMPLAINT_MESSAGE_MAX } from "../support/complaints";
import { jsonProblem, multipartBoundary, multipartProblem, urlEncodedProblem, type ShapeLimits, type ShapeProblem } from "./body-shape";
import { LOCALE_COOKIE } from "./cookies";
import { refusalPage } from "./refusal-page";

const KiB = 1024;

/** What a body is, by its Content-Type and, for photos, by the route that takes them. */
export type BodyKind = "json" | "form" | "multipart" | "photo" | "other";

/** Bytes a body of each kind may have. Forms and JSON hold a few short texts; only photo routes take files. */
export const BODY_BYTE_LIMITS: Record<BodyKind, number> = {
  json: 64 * KiB,
  form: 64 * KiB,
  multipart: 64 * KiB,
  photo: MAX_UPLOAD_REQUEST_BYTES,
  other: 16 * KiB,
};

/**
 * The longest text a member may legitimately send is a chat message (a brand's message_length, at
 * most MESSAGE_LENGTH_MAX characters), a profile's about-me or a complaint: four UTF-8 bytes each at
 * most. The biggest form (the profile, with every interest ticked) has about 70 fields.
 */
export const FIELD_LIMITS: ShapeLimits = {
  maxFields: 256,
  maxValueBytes: 4 * Math.max(MESSAGE_LENGTH_MAX, ABOUT_ME_MAX, COMPLAINT_MESSAGE_MAX),
};

/**
 * The routes whose actions read a photo (readPhotoUpload): the profile, the first step after
 * activation and the chat, as pages, their single-fetch data requests, the profile editor's upload
 * and the chat API. A path this misses gets the multipart limit, which is stricter, never looser.
 */
const PHOTO_ROUTES = /^\/(?:profile|activate\/done|api\/photos|api\/chat\.php|chats\/[^/]+|members\/[^/]+\/chat)(?:\.data)?\/?$/i;

/**
 * The media type the way fetch's body readers see it (what Request.formData() and json() act on):
 * the part before any parameter, trimmed, lower case.
 */
function essence(contentType: string): string {
  return (contentType.split(";")[0] ?? "").trim().toLowerCase();
}

export function bodyKind(pathname: string, contentType: string): BodyKind {
  const type = essence(contentType);
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return PHOTO_ROUTES.test(pathname) ? "photo" : "multipart";
  if (type === "application/json" || type.endsWith("+json")) return "json";
  return "other";
}

type Refusal = { status: 400 | 413; error: "too_large" | ShapeProblem };

function shapeRefusal(kind: BodyKind, body: Buffer, contentType: string): Refusal | undefined {
  let problem: ShapeProblem | undefined;
  if (kind === "form") problem = urlEncodedProblem(body, FIELD_LIMITS);
  else if (kind === "json") problem = jsonProblem(body, FIELD_LIMITS);
  else if (kind === "multipart" || kind === "photo") {
    const boundary = multipartBoundary(contentType);
    // No boundary, no parts: fetch's parser refuses such a body itself.
    const maxFileBytes = kind === "photo" ? MAX_UPLOAD_BYTES : 0;
    problem = boundary ? multipartProblem(body, boundary, { ...FIELD_LIMITS, maxFileBytes }) : undefined;
  }
  return problem && { status: 400, error: problem };
}

const hasBody = (req: Request) => req.headers["transfer-encoding"] !== undefined || (req.headers["content-length"] ?? "0") !== "0";

/** The language and translator a refusal is written in. */
export type RefusalLanguage = (req: Request, res: Response) => { language: string; t: TFunction };

/**
 * Every request body passes here before anything parses it: at most its kind's bytes (a declared
 * Content-Length over the limit is refused unread; a chunked body is counted as it comes and cut off
 * once over), then at most FIELD_LIMITS fields and bytes per value, counted without building a
 * form. A body that passes is kept in req.body (a Buffer) for the Remix handler; one that does not
 * gets 413 or 400 in the language refusalLanguage chooses.
 */
export function checkedBodies(refusalLanguage: RefusalLanguage) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!hasBody(req)) return next();
    const contentType = req.get("content-type") ?? "";
    const kind = bodyKind(req.path, contentType);
    getRawBody(req, { limit: BODY_BYTE_LIMITS[kind], length: req.headers["content-length"] }, (error, body) => {
      if (error) {
        if (error.type === "entity.too.large") return refuse(req, res, refusalLanguage(req, res), kind, { status: 413, error: "too_large" });
        // The client went away or sent fewer bytes than it announced: nobody waits for an answer.
        if (error.type === "request.aborted" || error.type === "request.size.invalid") return void res.status(400).end();
        return next(error);
      }
      const refusal = shapeRefusal(kind, body, contentType);
      if (refusal) return refuse(req, res, refusalLanguage(req, res), kind, refusal);
      req.body = body;
      next();
    });
  };
}

/** A brand's bodies: refusals in the visitor's language, chosen as the pages choose it. */
export function bodyLimits(i18n: i18n) {
  return checkedBodies((req, res) => {
    const site = res.locals.site as Site;
    // The site's default country: a proxy's country header is not believed here, and only the language matters.
    const country = site.default_country;
    const language = chooseLanguage({ site, country, cookie: parseCookies(req.get("cookie") ?? "")[LOCALE_COOKIE], acceptLanguage: req.get("accept-language") });
    return { language, t: i18n.getFixedT(translationLanguage(language, country)) as TFunction };
  });
}

const MESSAGES: Record<Refusal["error"], string> = {
  too_large: "request.tooLarge",
  too_many_fields: "request.tooManyFields",
  value_too_long: "request.valueTooLong",
};

function refuse(req: Request, res: Response, { language, t }: { language: string; t: TFunction }, kind: BodyKind, { status, error }: Refusal) {
  const message =
    kind === "photo" && error === "too_large" ? t("photos:error.too_large", { megabytes: MAX_UPLOAD_BYTES / 1024 / 1024 }) : t(MESSAGES[error]);
  if (status === 413) dropTheRest(req);
  res.status(status).set("Cache-Control", "no-store");
  if (wantsJson(req)) return void res.json({ error, message });
  res.type("html").send(refusalPage({ language, title: t("requestRefused.title"), message, homeLabel: t("errors.homePage") }));
}

/** How long, and how much more, of a refused body is dropped before its connection is closed. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 64 * 1024 * 1024;

/**
 * What is still coming of an oversized body is read and thrown away, never kept, for a moment: a
 * client still sending when the connection closed would lose the answer (its write fails first, or
 * the reset discards it). Then, or once LINGER_BYTES more have come, the connection is closed.
 */
function dropTheRest(req: Request) {
  let dropped = 0;
  const close = () => req.socket.destroy();
  const timer = setTimeout(close, LINGER_MS).unref();
  req.on("data", (chunk: Buffer) => {
    if ((dropped += chunk.length) > LINGER_BYTES) close();
  });
  req.once("end", () => clearTimeout(timer));
  req.once("close", () => clearTimeout(timer));
  req.resume();
}

/** API calls and the app's own data requests get JSON; a plain form post gets a page. */
function wantsJson(req: Request): boolean {
  return req.path.startsWith("/api/") || req.path.endsWith(".data") || req.get("x-request-type") === "client" || req.accepts(["html", "json"]) === "json";
}
