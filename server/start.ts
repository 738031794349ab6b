import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import type express from "express";
import type { LogEvent } from "kysely";
import { createAccountLimits } from "./accounts/limits";
import { sessionSecrets } from "./accounts/secrets";
import { createSessions } from "./accounts/sessions";
import { createLanderVisitCounter } from "./analytics/lander-visit-counter";
import { openBus } from "./bus";
import { openIbanVault } from "./directdebit/iban-vault";
import { createDirectDebitLimits } from "./directdebit/limits";
import { createLiveHub } from "./chat/live";
import { openStore } from "./db/database";
import { migrate } from "./db/migrate";
import { productionRules, readEnv, type Env } from "./env";
import { createHttpApp } from "./http/app";
import { instrumentedBuild } from "./http/instrumented-build";
import { exposedDevelopmentWarning } from "./http/development";
import { createDrain } from "./http/drain";
import { createI18n, loadCatalog } from "./i18n/catalog";
import { JOB_HANDLERS, PERIODIC_JOBS } from "./jobs/registry";
import { createJobRunner } from "./jobs/runner";
import { createLogger, type Logger } from "./log";
import { createMailer } from "./mail/outbox";
import { createMailTransport } from "./mail/transport";
import { startMetricsServer } from "./metrics/metrics-server";
import { busReconnects } from "./metrics/registry";
import { requestMetrics } from "./metrics/request-metrics";
import { storeGauges } from "./metrics/store-gauges";
import { createMailLinks } from "./notifications/mail-links";
import { checkPaymentSetup, createPaymentProviders, paymentSetupProblems, secretReader } from "./payments/providers";
import { expireUnsettled } from "./payments/settle";
import { createPhotoStorage } from "./photos/storage";
import { createPresenceTracker } from "./presence/tracker";
import { vapidKeys } from "./push/vapid";
import { loadPlaces } from "./profiles/places";
import { SiteRegistry } from "./sites/registry";
import { createSmsSender } from "./sms/sender";
import { syncSites } from "./sites/sync";
import { createStaffLimits } from "./support/staff-limits";
import { createStaffSessions } from "./support/staff-sessions";
import { startTracing } from "./tracing/tracing";
import { builtVisitorScript, VISITOR_SCRIPT_SOURCE } from "./http/visitor-script";

type StartOptions = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Identifies the deployed code (a hash of the built server files), for the page cache. */
  buildVersion?: string;
  clientDir?: string;
  devMiddleware?: express.RequestHandler;
  /** The support console's build (build/console), served on SUPPORT_HOST. */
  console?: { build: ServerBuild; clientDir: string };
  env?: Env;
  /** A logger to use instead of one on stdout (tests read what was logged). */
  log?: Logger;
  /** Where payment secrets are read (TEST_PAYMENTS_SECRET, MOLLIE_API_KEY, …): the process environment unless a test gives its own. */
  secrets?: Record<string, string | undefined>;
  /** Hears every statement the store sends (tests count round trips per request). */
  onQuery?: (event: LogEvent) => void;
};

/** How often payments the provider never settled are looked for, to expire them. */
const EXPIRY_SWEEP_MS = 60_000;

/**
 * Starts one app instance: reads the environment and the site files (refusing to start on either
 * being invalid), migrates the store, connects the bus, and serves. Returns a handle to stop it.
 */
export async function startServer({ build, buildVersion, clientDir, devMiddleware, console: supportConsole, env = readEnv(), log = createLogger(env.LOG_LEVEL), secrets = process.env, onQuery }: StartOptions) {
  // Production's rules, unless NODE_ENV is not production or the demo asks for its conveniences.
  const production = productionRules(env);
  const ibanVault = await openIbanVault({ ibanKey: env.IBAN_KEY, dataDir: env.DATA_DIR, production });
  const vapid = await vapidKeys({ publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY }, { dataDir: env.DATA_DIR, production });
  const sites = await SiteRegistry.open({ dir: env.SITES_DIR, allowLocalhostIds: !production, log });
  const providerEnvironment = { secret: secretReader(secrets), production, dataDir: env.DATA_DIR, log, testSettleMs: env.TEST_PAYMENTS_SETTLE_MS };
  // Before the store opens: a brand that would take money wrongly (or none at all) stops the start.
  checkPaymentSetup(sites.all(), providerEnvironment);
  const withoutVault = ibanVault.open ? [] : sites.all().filter((site) => site.direct_debit).map((site) => site.id);
  if (withoutVault.length > 0) throw new Error(`IBAN_KEY is required in production for brands with direct_debit: ${withoutVault.join(", ")}`);
  // Loads OpenTelemetry only when a collector is named (decision 054).
  const tracing = await startTracing({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env.OTEL_SERVICE_NAME, log });
  const store = await openStore({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE, onQuery: everyListener(onQuery, tracing?.onQuery) });
  const applied = await migrate(store);
  if (applied.length > 0) log.info({ applied }, "migrations applied");
  await syncSites(store, sites.all());
  sites.onChange((_all, { changed }) => {
    // Only the brands whose files changed: an edit costs the same with four brands or thousands.
    void syncSites(store, changed).catch((error: Error) => log.error({ err: error }, "syncing sites failed"));
    // An edited brand file is live at once; a payment setup that would not have started is shouted about.
    const problems = paymentSetupProblems(changed, providerEnvironment);
    if (problems.length > 0) log.error({ problems }, "a brand's payment setup is invalid; fix it or restart will refuse");
  });
  sites.watch();

  const bus = await openBus(env.REDIS_URL, env.REDIS_PREFIX);
  const resources = await loadCatalog(env.LOCALES_DIR);
  const i18n = await createI18n(resources);
  const cookieSecrets = await sessionSecrets(env.SESSION_SECRETS, env.DATA_DIR);
  const sessions = createSessions({ db: store.db, secrets: cookieSecrets, secure: production });
  const staffSessions = createStaffSessions({ db: store.db, secrets: cookieSecrets, secure: production });
  const mailer = createMailer({ db: store.db, transport: createMailTransport({ smtpUrl: env.SMTP_URL, dataDir: env.DATA_DIR }), log });
  mailer.start();
  const sms = createSmsSender({ smsUrl: env.SMS_URL, dataDir: env.DATA_DIR, secret: (name) => secrets[name]?.trim() || undefined, log });
  if (production && sms.kind === "folder") log.warn("SMS_URL is not set: direct-debit codes are written to DATA_DIR/sms, not sent");
  const housekeeping = setInterval(
    () => void Promise.all([sessions.purgeExpired(), staffSessions.purgeExpired()]).catch((error: Error) => log.warn({ err: error }, "purging sessions failed")),
    3_600_000,
  );
  housekeeping.unref();
  const photos = createPhotoStorage(env);
  // Profile and search screens name regions: read the places before the first visitor waits for them.
  loadPlaces();
  if (photos.kind === "s3") {
    const local = sites.all().filter((site) => site.cdn_prefix.startsWith("/")).map((site) => site.id);
    if (local.length > 0) log.warn({ sites: local }, "photos go to S3_BUCKET, but these brands' cdn_prefix still points at this server");
  }
  const live = createLiveHub({ bus, db: store.db, log, limits: { perMember: env.EVENT_STREAMS_PER_MEMBER, perInstance: env.EVENT_STREAMS_PER_INSTANCE } });
  const payments = createPaymentProviders(providerEnvironment);
  // Handlers get the services, of which the runner is one: it reads them when a job runs.
  const jobs = createJobRunner({ db: store.db, log, handlers: JOB_HANDLERS, periodic: PERIODIC_JOBS, services: () => services });
  const presence = createPresenceTracker({ db: store.db, log });
  presence.start();
  const landerVisits = createLanderVisitCounter({ db: store.db, log });
  landerVisits.start();
  const services = {
    store,
    bus,
    live,
    i18n,
    log,
    sites,
    sessions,
    limits: createAccountLimits(bus),
    staffSessions,
    staffLimits: createStaffLimits(bus),
    mailer,
    // The port is known once listening; links are made only after that.
    mailLinks: createMailLinks({ production, secrets: cookieSecrets, port: () => port }),
    mailEventsSecret: env.MAIL_EVENTS_SECRET,
    sms,
    ibanVault,
    directDebitLimits: createDirectDebitLimits(bus),
    photos,
    payments,
    vapid,
    jobs,
    presence,
    landerVisits,
    // The visitors' own script (decision 050): built beside the client, or its source through Vite in development.
    visitorScript: clientDir ? await builtVisitorScript(clientDir) : devMiddleware ? VISITOR_SCRIPT_SOURCE : undefined,
    dataDir: env.DATA_DIR,
    production,
  };
  let sweeping: Promise<unknown> | undefined;
  const expirySweep = setInterval(() => {
    // A slow sweep is not joined by the next one: it would only queue behind the same row locks.
    sweeping ??= expireUnsettled({ services })
      .catch((error: Error) => log.warn({ err: error }, "expiring unsettled payments failed"))
      .finally(() => (sweeping = undefined));
  }, EXPIRY_SWEEP_MS);
  expirySweep.unref();
  await jobs.start();
  const measured = env.METRICS_PORT !== undefined;
  if (measured) bus.onReconnect(() => busReconnects.inc());
  // Requests are named by their route id only when measured or traced; the Vite dev server's build changes per request.
  const servedBuild = (measured || tracing) && typeof build !== "function" ? instrumentedBuild(build, tracing) : build;
  const observers = [...(measured ? [requestMetrics()] : []), ...(tracing ? [tracing.requests] : [])];
  const drain = createDrain();
  const app = createHttpApp({ env, services, resources, build: servedBuild, buildVersion, clientDir, devMiddleware, console: supportConsole, observers, draining: () => drain.draining });

  const server = app.listen(env.PORT, env.HOST);
  drain.attach(server);
  await new Promise<void>((resolve, reject) => server.once("listening", resolve).once("error", reject));
  const port = (server.address() as AddressInfo).port;
  log.info({ port, store: store.engine, bus: bus.kind }, "listening");
  const metrics = measured
    ? await startMetricsServer({ port: env.METRICS_PORT!, host: env.METRICS_HOST, instanceMetrics: storeGauges({ db: store.db, live, log }), log })
    : undefined;
  const exposed = exposedDevelopmentWarning({ nodeEnv: env.NODE_ENV, demo: env.DEMO, host: env.HOST });
  if (exposed) log.warn({ nodeEnv: env.NODE_ENV, demo: env.DEMO, host: env.HOST }, exposed);

  /**
   * Stops without dropping a request (docs/decisions/053): unready at once, still answering for
   * SHUTDOWN_NOTICE_MS while the proxy sees that, then no new connections; the requests and jobs
   * under way finish before the stores close. Open event streams are told to reconnect elsewhere.
   */
  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      drain.begin();
      if (env.SHUTDOWN_NOTICE_MS > 0) await new Promise((resolve) => setTimeout(resolve, env.SHUTDOWN_NOTICE_MS));
      sites.close();
      clearInterval(housekeeping);
      clearInterval(expirySweep);
      const answered = drain.stopListening();
      // Event streams never end by themselves: the hub ends them, so the server can close.
      live.close();
      await answered;
      // A batch of jobs under way finishes (and the mail it queued is kicked) before the mailer and store stop; the rest wait in the table.
      await jobs.stop();
      await mailer.stop();
      await presence.stop();
      await landerVisits.stop();
      // A sweep under way finishes before the store it writes to closes.
      await sweeping;
      await bus.close();
      await store.close();
      // Scraped until here, so the drain shows on the dashboard.
      await metrics?.close();
      // Last: the spans of everything above are sent before the process goes.
      await tracing?.shutdown();
    })());

  return { port, metricsPort: metrics?.port, sites, store, bus, log, services, stop, server, drain };
}

/** One listener that calls each of those given. */
function everyListener<T>(...listeners: (((event: T) => void) | undefined)[]): ((event: T) => void) | undefined {
  const present = listeners.filter((listener) => listener !== undefined);
  if (present.length <= 1) return present[0];
  return (event) => {
    for (const listener of present) listener(event);
  };
}
