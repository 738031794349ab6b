import path from "node:path";
import { z } from "zod";
import { parseIbanKey } from "./directdebit/iban-vault";
import { parseTrustProxy } from "./http/trust-proxy";
import { VAPID_PRIVATE_KEY_PATTERN, VAPID_PUBLIC_KEY_PATTERN } from "./push/key-format";

const url = (protocols: string[], example: string) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL such as ${example}`);

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"], { error: "must be development, production or test" }).default("development"),
  PORT: z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535, { error: "must be a port number up to 65535" }).default(3000),
  /** Unset: 0.0.0.0, or 127.0.0.1 under DEMO=on, so the demo stays on this machine unless asked. */
  HOST: z.string().min(1).optional(),
  /**
   * `on` runs the one-command demo (`npm start`) in production mode with the conveniences of a fresh
   * machine: generated secrets, the test payment provider, demo members, `<id>.localhost` hosts, the
   * mail viewer and cookies over plain http. Never for a deployment: see productionRules.
   */
  DEMO: z.enum(["on", "off"], { error: "must be on or off" }).default("off"),
  /**
   * `off` for a deployment behind a CDN or proxy that compresses: this server then sends every answer
   * as it is, pre-compressed asset files included (see docs/decisions/018-production-start-and-compression.md).
   */
  COMPRESSION: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  DATA_DIR: z.string().min(1).default("./data"),
  SITES_DIR: z.string().min(1).default("./sites"),
  LOCALES_DIR: z.string().min(1).default("./locales"),
  DATABASE_URL: url(["postgres:", "postgresql:"], "postgres://user@127.0.0.1:5432/amora").optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1, { error: "must be at least 1" }).default(10),
  REDIS_URL: url(["redis:", "rediss:"], "redis://127.0.0.1:6379").optional(),
  /** Prefixes every Redis key and channel, so deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().regex(/^[\w.:-]+$/, { error: "may hold letters, digits and . : _ - only" }).default("amora:"),
  COUNTRY_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, { error: "must be an HTTP header name such as cf-ipcountry" })
    .transform((name) => name.toLowerCase())
    .default("cf-ipcountry"),
  /**
   * The request header with the visitor's region (the ISO 3166-2 code, such as Cloudflare's
   * cf-region-code), read like the country header. Unset, no page knows the visitor's region; set,
   * the pages that use it (the map lander) are cached once per region.
   */
  REGION_HEADER: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/, { error: "must be an HTTP header name such as cf-region-code" })
    .transform((name) => name.toLowerCase())
    .optional(),
  /**
   * The proxies in front of this server, whose X-Forwarded-For, X-Forwarded-Proto and country header
   * are believed: a hop count or addresses and CIDR ranges. Unset trusts none: clients speak for themselves.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Comma-separated; the first signs new cookies, the others still verify (rotation). */
  SESSION_SECRETS: z
    .string()
    .transform((value) => value.split(",").map((secret) => secret.trim()).filter(Boolean))
    .refine((secrets) => secrets.length > 0 && secrets.every((secret) => secret.length >= 32), {
      error: "must be one or more comma-separated secrets of at least 32 characters",
    })
    .optional(),
  /** The web-push key pair (npx web-push generate-vapid-keys); both or neither, required in production. */
  VAPID_PUBLIC_KEY: z.string().regex(VAPID_PUBLIC_KEY_PATTERN, { error: "must be a VAPID public key: 87 base64url characters" }).optional(),
  VAPID_PRIVATE_KEY: z.string().regex(VAPID_PRIVATE_KEY_PATTERN, { error: "must be a VAPID private key: 43 base64url characters" }).optional(),
  SMTP_URL: url(["smtp:", "smtps:"], "smtps://user:password@smtp.example.com:465").optional(),
  /**
   * Authenticates the mail provider's bounce and complaint callbacks (POST /api/mail-events): the
   * HMAC-SHA256 key of the generic JSON shape, and Mailgun's webhook signing key. Unset: the endpoint answers 404.
   */
  MAIL_EVENTS_SECRET: z.string().min(16, { error: "must be at least 16 characters (Mailgun's webhook signing key, or a secret of your own)" }).optional(),
  /** The master key of stored IBANs (direct debit): 32 bytes in base64; required in production for a brand with direct_debit. */
  IBAN_KEY: z
    .string()
    .refine((value) => parseIbanKey(value) !== undefined, { error: "must be 32 bytes in base64, such as the output of openssl rand -base64 32" })
    .optional(),
  /** Text messages go through Twilio's API at this address (TWILIO_* credentials); unset: JSON files in DATA_DIR/sms. */
  SMS_URL: url(["https:", "http:"], "https://api.twilio.com").optional(),
  /** Photos go to this S3 bucket when set (credentials from the standard AWS_* variables); else DATA_DIR/uploads. */
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: "must be an S3 bucket name: 3 to 63 lower-case letters, digits, dots and hyphens" })
    .optional(),
  /** An S3-compatible service instead of AWS (MinIO, R2, …); buckets are then addressed path-style. */
  S3_ENDPOINT: url(["http:", "https:"], "https://s3.example.com or http://127.0.0.1:9000").optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, { error: "must be a region name such as eu-central-1" }).default("us-east-1"),
  /** Open event streams one member keeps (tabs, devices); a newer one closes their oldest. */
  EVENT_STREAMS_PER_MEMBER: z.coerce.number({ error: "must be a number of streams" }).int().min(1, { error: "must be at least 1" }).default(10),
  /** Open event streams one instance holds; past it a new stream is answered 503 with Retry-After. */
  EVENT_STREAMS_PER_INSTANCE: z.coerce.number({ error: "must be a number of streams" }).int().min(1, { error: "must be at least 1" }).default(5_000),
  /** The test checkout's "pending, then paid": how long it stays pending (tests make it short). */
  TEST_PAYMENTS_SETTLE_MS: z.coerce.number({ error: "must be a number of milliseconds" }).int().min(0, { error: "cannot be negative" }).default(4_000),
  /**
   * The support console's host name (no port): it answers there and nowhere else. Unset: support.localhost
   * outside production's rules; under them the console is not served until a host is named.
   */
  SUPPORT_HOST: z
    .string()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, { error: "must be a host name such as support.example.com, without scheme or port" })
    .optional(),
  /**
   * The internal port of the Prometheus metrics (GET /metrics), never a brand's port. Unset: no
   * metrics server, and nothing is measured per request.
   */
  METRICS_PORT: z.coerce.number({ error: "must be a port number" }).int().min(0).max(65535, { error: "must be a port number up to 65535" }).optional(),
  /** Where the metrics port listens: this machine only, unless a private network (a compose stack's) is meant to scrape it. */
  METRICS_HOST: z.string().min(1).default("127.0.0.1"),
  /**
   * An OpenTelemetry collector's OTLP/HTTP address (such as http://otel-collector:4318): traces of
   * requests, loaders, actions and SQL statements go to its /v1/traces. Unset: no tracing code is loaded.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: url(["http:", "https:"], "http://otel-collector:4318").optional(),
  /** The service name traces carry. */
  OTEL_SERVICE_NAME: z.string().min(1).default("amora"),
  /**
   * How long a stopping instance (SIGTERM) may take, from the signal to its exit: past it, it exits
   * anyway. Keep it below the stop timeout of what runs it (Docker's is 10 s). See docs/decisions/053.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number({ error: "must be a number of milliseconds" }).int().min(0, { error: "cannot be negative" }).default(8_000),
  /**
   * How long a stopping instance still answers, unready, before it refuses new connections: time for the
   * proxy's health check to see it go (deploy/Caddyfile asks every 2 s). Unset: 3 s under production's rules, none otherwise.
   */
  SHUTDOWN_NOTICE_MS: z.coerce.number({ error: "must be a number of milliseconds" }).int().min(0, { error: "cannot be negative" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Demo members `npm start` creates when the store holds no profiles yet; 0 creates none. */
  DEMO_MEMBERS: z.coerce
    .number({ error: "must be a number of demo members, 0 for none" })
    .int({ error: "must be a whole number" })
    .min(0, { error: "cannot be negative; 0 creates none" })
    .optional(),
});

export type Env = Omit<z.output<typeof envSchema>, "HOST"> & { HOST: string; DATA_DIR: string; SITES_DIR: string; LOCALES_DIR: string; DEMO_MEMBERS: number; SHUTDOWN_NOTICE_MS: number };

/**
 * Whether production's rules apply: secrets and keys required, Secure cookies, no `<id>.localhost`
 * hosts, no mail viewer, the test payment provider only where a brand allows it, mail links to the
 * brand's own domain, no demo members unless asked. They do under NODE_ENV=production unless DEMO=on;
 * outside production (development, tests) the conveniences are on as well.
 */
export function productionRules(env: Pick<Env, "NODE_ENV" | "DEMO">): boolean {
  return env.NODE_ENV === "production" && env.DEMO === "off";
}

/**
 * What production's rules cannot start without, whatever the brands (their payment providers and
 * direct debit add their own): readEnv refuses to start without them, and `npm run deploy:check`
 * fails until deploy/compose.yaml sets each.
 */
export const PRODUCTION_REQUIRED_VARIABLES = ["SESSION_SECRETS", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"] as const;

export class EnvError extends Error {
  override name = "EnvError";
}

/** Reads the environment once at start; each bad variable is named with what is wrong with it. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ""));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const strict = productionRules(env);
  const missing = strict ? PRODUCTION_REQUIRED_VARIABLES.filter((name) => !env[name]) : [];
  if (missing.length > 0) {
    throw new EnvError(`Invalid environment:\n${missing.map((name) => `  ${name}: is required in production (see README)`).join("\n")}`);
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new EnvError("Invalid environment:\n  VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both keys of the pair, or neither");
  }
  if (env.S3_ENDPOINT && !env.S3_BUCKET) {
    throw new EnvError("Invalid environment:\n  S3_ENDPOINT: is used only with S3_BUCKET; set the bucket too, or remove the endpoint");
  }
  const shutdownNotice = env.SHUTDOWN_NOTICE_MS ?? (strict ? 3_000 : 0);
  if (shutdownNotice > 0 && shutdownNotice >= env.SHUTDOWN_GRACE_MS) {
    throw new EnvError("Invalid environment:\n  SHUTDOWN_NOTICE_MS: must be shorter than SHUTDOWN_GRACE_MS, which also counts the time to finish the requests under way");
  }
  return {
    ...env,
    HOST: env.HOST ?? (env.DEMO === "on" ? "127.0.0.1" : "0.0.0.0"),
    DATA_DIR: path.resolve(env.DATA_DIR),
    SITES_DIR: path.resolve(env.SITES_DIR),
    LOCALES_DIR: path.resolve(env.LOCALES_DIR),
    // A real deployment never fills itself with made-up people unless asked to.
    DEMO_MEMBERS: env.DEMO_MEMBERS ?? (strict ? 0 : 400),
    SUPPORT_HOST: env.SUPPORT_HOST ?? (strict ? undefined : "support.localhost"),
    // A single instance with nobody to hand over to (development, the demo, tests) stops at once.
    SHUTDOWN_NOTICE_MS: shutdownNotice,
  };
}
