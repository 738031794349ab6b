// What `npm run deploy:check` proves of deploy/compose.yaml without Docker: every variable the app
// requires in production is set, the health checks are wired, and image, ports and health checks
// agree with the Dockerfile. Each problem names the file, the service and what to do.
import path from "node:path";
import { DockerfileParser } from "dockerfile-ast";
import { compileTrust, parseTrustProxy } from "../../server/http/trust-proxy";
import { productionRequirements, type Requirement } from "../../server/production-requirements";
import type { Site } from "../../server/sites/schema";
import {
  bindSourceOf,
  defaultNetworkOf,
  dependenciesOf,
  environmentOf,
  envFileVariables,
  healthcheckCommand,
  interpolationsIn,
  mayBeEmpty,
  parseCompose,
  publishedTargets,
  type ComposeFile,
  type Service,
} from "./compose-file";

/** The stack's services by role: deploy/README.md and the Caddyfile's defaults use these names. */
export const STACK = {
  instances: ["app-1", "app-2"],
  migration: "migrate",
  proxy: "caddy",
  stores: ["postgres", "redis"],
} as const;

/** What the stack itself needs beyond the app's own rules: shared stores, the proxy's trust, photos, mail, the console. */
const STACK_REQUIREMENTS: Requirement[] = [
  { variables: ["DATABASE_URL"], because: "two instances sharing one PostgreSQL" },
  { variables: ["REDIS_URL"], because: "events crossing instances over Redis" },
  { variables: ["TRUST_PROXY"], because: "the visitor's address, given by Caddy" },
  { variables: ["S3_BUCKET"], because: "photos in MinIO, not in one instance's DATA_DIR" },
  { variables: ["S3_ENDPOINT"], because: "the bucket in the stack's MinIO" },
  { variables: ["AWS_ACCESS_KEY_ID"], because: "the app's key to the bucket" },
  { variables: ["AWS_SECRET_ACCESS_KEY"], because: "the app's key to the bucket" },
  { variables: ["SMTP_URL"], because: "activation and password mails leaving the machine" },
  { variables: ["SUPPORT_HOST"], because: "the support console, on its own host only" },
];

export type TextFile = { path: string; text: string };

export type StackFiles = {
  compose: TextFile;
  dockerfile: TextFile;
  /** The env file template the operator copies (deploy/.env.example). */
  envExample: TextFile;
  /** scripts/build-server.mjs: which commands the image carries. */
  buildScript: TextFile;
  /** The brand files the instances serve (the folder compose mounts at /app/sites). */
  sites: readonly Site[];
};

/** The runtime stage's port, EXPOSE and health check path, as the Dockerfile declares them. */
export function dockerfileRuntime(text: string): { port?: string; exposed: string[]; healthPath?: string; workdir?: string } {
  const dockerfile = DockerfileParser.parse(text);
  const from = dockerfile.getFROMs().at(-1);
  const stage = from ? dockerfile.getContainingImage(from.getRange().start) : null;
  if (!stage) return { exposed: [] };
  const port = stage
    .getENVs()
    .flatMap((env) => env.getProperties())
    .findLast((property) => property.getName() === "PORT")
    ?.getValue() ?? undefined;
  const instructions = stage.getInstructions();
  const exposed = instructions.filter((instruction) => instruction.getKeyword() === "EXPOSE").flatMap((instruction) => instruction.getArguments().map((argument) => argument.getValue().split("/")[0]!));
  const workdir = instructions.findLast((instruction) => instruction.getKeyword() === "WORKDIR")?.getArgumentsContent() ?? undefined;
  const healthcheck = stage.getHEALTHCHECKs().at(-1)?.getArgumentsContent() ?? "";
  return { port, exposed, healthPath: /\/(healthz|readyz)\b/.exec(healthcheck)?.[0], workdir };
}

/** Where compose mounts the brand files from, relative to the repository (the image's own sites/ when it mounts none). */
export function brandFilesDir(compose: ComposeFile, composePath: string, workdir = "/app"): string {
  const source = bindSourceOf(compose.services[STACK.instances[0]] ?? {}, path.posix.join(workdir, "sites"));
  return source ? path.posix.normalize(path.posix.join(path.posix.dirname(composePath), source)) : "sites";
}

export function checkStack(files: StackFiles): string[] {
  const problems: string[] = [];
  const { compose, problem } = parseCompose(files.compose.text);
  if (!compose) return [`${files.compose.path}: ${problem}; fix the YAML (docker compose config shows the same)`];
  const at = (service: string) => `${files.compose.path}, service ${service}`;
  const runtime = dockerfileRuntime(files.dockerfile.text);

  // The Dockerfile's own promises: one port, declared and exposed, and a health check on it.
  if (!runtime.port) problems.push(`${files.dockerfile.path}: the runtime stage sets no ENV PORT; set PORT=3000 as the app's port`);
  if (runtime.port && !runtime.exposed.includes(runtime.port)) problems.push(`${files.dockerfile.path}: EXPOSE ${runtime.exposed.join(" ") || "(none)"} does not include PORT ${runtime.port}; expose the port the app listens on`);
  if (!runtime.healthPath) problems.push(`${files.dockerfile.path}: the runtime stage has no HEALTHCHECK on /healthz; add one`);
  const appPort = runtime.port ?? "3000";

  const missing = [STACK.proxy, STACK.migration, ...STACK.instances, ...STACK.stores].filter((name) => !compose.services[name]);
  for (const name of missing) problems.push(`${files.compose.path}: no service ${name}; the stack needs it (see deploy/README.md)`);
  if (missing.length > 0) return problems;
  const services = compose.services as Record<string, Service>;
  const appServices = [STACK.migration, ...STACK.instances];

  problems.push(...imageProblems(services, appServices, files, at));
  problems.push(...environmentProblems(services, appServices, files, at));
  problems.push(...healthProblems(services, appPort, at));
  problems.push(...proxyProblems(services, appPort, at));

  const migrationCommand = [services[STACK.migration]!.command ?? []].flat().join(" ");
  const script = /build\/[\w-]+\.js/.exec(migrationCommand)?.[0];
  if (!script) problems.push(`${at(STACK.migration)}: its command runs no built script; run ["node", "build/migrate.js"]`);
  else if (!files.buildScript.text.includes(`outfile: "${script}"`)) problems.push(`${at(STACK.migration)}: runs ${script}, which ${files.buildScript.path} does not build, so the image has no such file; add it to the build`);
  return problems;
}

function imageProblems(services: Record<string, Service>, appServices: string[], files: StackFiles, at: (service: string) => string): string[] {
  const problems: string[] = [];
  const composeDir = path.posix.dirname(files.compose.path);
  const image = services[STACK.instances[0]]!.image;
  for (const name of appServices) {
    const service = services[name]!;
    if (service.image !== image) problems.push(`${at(name)}: image ${service.image ?? "(none)"} is not ${image ?? "(none)"}; every app container runs the one image (x-app)`);
    const build = typeof service.build === "string" ? { context: service.build } : service.build;
    if (!build) {
      problems.push(`${at(name)}: has no build; build the app's image from the repository's Dockerfile (x-app)`);
      continue;
    }
    const dockerfile = path.posix.normalize(path.posix.join(composeDir, build.context ?? ".", build.dockerfile ?? "Dockerfile"));
    if (dockerfile !== path.posix.normalize(files.dockerfile.path)) problems.push(`${at(name)}: builds ${dockerfile}, not ${files.dockerfile.path}; point build at the repository's Dockerfile`);
  }
  return problems;
}

function environmentProblems(services: Record<string, Service>, appServices: string[], files: StackFiles, at: (service: string) => string): string[] {
  const problems: string[] = [];
  const listed = envFileVariables(files.envExample.text);
  const requirements = [...productionRequirements(files.sites), ...STACK_REQUIREMENTS];
  for (const name of appServices) {
    const environment = environmentOf(services[name]!);
    if (environment.get("NODE_ENV") !== "production") problems.push(`${at(name)}: NODE_ENV is ${environment.get("NODE_ENV") || "not set"}; set NODE_ENV: production`);
    if (environment.get("DEMO") === "on") problems.push(`${at(name)}: DEMO is on, which no deployment may run; remove it`);
    for (const { variables, because } of requirements) {
      const set = variables.filter((variable) => environment.has(variable));
      if (set.length === 0) {
        problems.push(`${at(name)}: ${variables.join(" or ")} is not set, which production needs for ${because}; add ${variables.at(-1)}: \${${variables.at(-1)}:?set ${variables.at(-1)} in deploy/.env} to x-app's environment`);
      } else if (set.every((variable) => mayBeEmpty(environment.get(variable)!))) {
        const variable = set[0]!;
        problems.push(`${at(name)}: ${variable} may be empty (${environment.get(variable) || "no value"}), but production needs it for ${because}; write \${${variable}:?set ${variable} in deploy/.env} so compose refuses to start without it`);
      }
    }
  }
  // The operator learns what to fill in from the template: each variable compose refuses to start without is listed there.
  const required = new Set<string>();
  for (const service of Object.values(services)) {
    for (const value of environmentOf(service).values()) for (const { name, operator } of interpolationsIn(value)) if (operator.endsWith("?")) required.add(name);
  }
  for (const name of required) {
    if (!listed.has(name)) problems.push(`${files.envExample.path}: does not list ${name}, which ${files.compose.path} requires; add ${name}= with how to make one`);
  }
  return problems;
}

function healthProblems(services: Record<string, Service>, appPort: string, at: (service: string) => string): string[] {
  const problems: string[] = [];
  for (const name of STACK.instances) {
    const service = services[name]!;
    const command = healthcheckCommand(service);
    const probe = /https?:\/\/(?:127\.0\.0\.1|localhost):(\d+)(\/[\w-]*)/.exec(command);
    if (!probe) {
      problems.push(`${at(name)}: no healthcheck on /readyz; add one that fetches http://127.0.0.1:${appPort}/readyz (Caddy waits for it)`);
    } else {
      if (probe[1] !== appPort) problems.push(`${at(name)}: the healthcheck asks port ${probe[1]}, but the Dockerfile's PORT is ${appPort}; ask ${appPort}`);
      if (probe[2] !== "/readyz" && probe[2] !== "/healthz") problems.push(`${at(name)}: the healthcheck asks ${probe[2]}, which the app does not answer; ask /readyz`);
    }
    const port = environmentOf(service).get("PORT");
    if (port !== undefined && port !== appPort) problems.push(`${at(name)}: PORT is ${port}, but the Dockerfile exposes ${appPort}; set PORT: "${appPort}" or leave it to the image`);
    const waits = dependenciesOf(service);
    if (waits.get(STACK.migration) !== "service_completed_successfully") problems.push(`${at(name)}: does not wait for ${STACK.migration} to succeed; add depends_on ${STACK.migration}: condition: service_completed_successfully`);
    for (const store of STACK.stores) {
      if (waits.get(store) !== "service_healthy") problems.push(`${at(name)}: does not wait for ${store} to be healthy; add depends_on ${store}: condition: service_healthy`);
    }
  }
  for (const store of STACK.stores) {
    if (!healthcheckCommand(services[store]!)) problems.push(`${at(store)}: no healthcheck, so the apps cannot wait for it; add one (pg_isready, redis-cli ping)`);
  }
  if (dependenciesOf(services[STACK.migration]!).get("postgres") !== "service_healthy") problems.push(`${at(STACK.migration)}: does not wait for postgres to be healthy; add depends_on postgres: condition: service_healthy`);
  for (const name of STACK.instances) {
    if (dependenciesOf(services[STACK.proxy]!).get(name) !== "service_healthy") problems.push(`${at(STACK.proxy)}: does not wait for ${name} to be healthy; add depends_on ${name}: condition: service_healthy`);
  }
  return problems;
}

function proxyProblems(services: Record<string, Service>, appPort: string, at: (service: string) => string): string[] {
  const problems: string[] = [];
  const proxy = services[STACK.proxy]!;
  const environment = environmentOf(proxy);
  const instanceEnvironment = environmentOf(services[STACK.instances[0]]!);

  const upstreams = (environment.get("APP_UPSTREAMS") ?? "").split(/\s+/).filter(Boolean);
  const wanted = STACK.instances.map((name) => `${name}:${appPort}`);
  if (upstreams.sort().join(" ") !== wanted.join(" ")) problems.push(`${at(STACK.proxy)}: APP_UPSTREAMS is "${upstreams.join(" ")}"; set it to "${wanted.join(" ")}", every instance on the Dockerfile's port`);

  const everyInstance = new Set([...STACK.instances, ...sharedAliases(services)]);
  const ask = parseUrl(environment.get("TLS_ASK"));
  if (!ask || !everyInstance.has(ask.hostname) || ask.port !== appPort || ask.pathname !== "/internal/tls-allowed") {
    problems.push(`${at(STACK.proxy)}: TLS_ASK is ${environment.get("TLS_ASK") ?? "not set"}; set it to http://app:${appPort}/internal/tls-allowed (an instance, on the Dockerfile's port)`);
  }
  for (const [variable, port] of [["HTTP_PORT", "80"], ["HTTPS_PORT", "443"]] as const) {
    const listens = environment.get(variable) ?? port;
    if (!publishedTargets(proxy).includes(`${listens}/tcp`)) problems.push(`${at(STACK.proxy)}: listens on ${listens} (${variable}) but does not publish it; add "${port}:${listens}" to its ports`);
  }
  if (!bindSourceOf(proxy, "/etc/caddy/Caddyfile")) problems.push(`${at(STACK.proxy)}: does not mount the repository's Caddyfile; add ./Caddyfile:/etc/caddy/Caddyfile:ro to its volumes`);

  const { ipv4Address } = defaultNetworkOf(proxy);
  const trust = instanceEnvironment.get("TRUST_PROXY");
  if (!ipv4Address) problems.push(`${at(STACK.proxy)}: has no fixed ipv4_address, so TRUST_PROXY cannot name it; give it one on the default network`);
  else if (trust !== undefined && !trusts(trust, ipv4Address)) problems.push(`${at(STACK.instances[0])}: TRUST_PROXY (${trust}) does not trust Caddy's address ${ipv4Address}; set TRUST_PROXY: ${ipv4Address}`);

  const bucket = instanceEnvironment.get("S3_BUCKET");
  const endpoint = parseUrl(instanceEnvironment.get("S3_ENDPOINT"));
  if (environment.get("PHOTOS_BUCKET") !== bucket) problems.push(`${at(STACK.proxy)}: PHOTOS_BUCKET is ${environment.get("PHOTOS_BUCKET") ?? "not set"}, but the app writes photos to S3_BUCKET ${bucket}; set them alike, or visitors get no photos`);
  if (endpoint && environment.get("PHOTOS_UPSTREAM") !== endpoint.host) problems.push(`${at(STACK.proxy)}: PHOTOS_UPSTREAM is ${environment.get("PHOTOS_UPSTREAM") ?? "not set"}, but the app's S3_ENDPOINT is ${endpoint.host}; set PHOTOS_UPSTREAM: ${endpoint.host}`);
  return problems;
}

/** Aliases every instance answers to on the default network (Docker's DNS gives all of them). */
function sharedAliases(services: Record<string, Service>): string[] {
  const [first, ...rest] = STACK.instances.map((name) => defaultNetworkOf(services[name]!).aliases);
  return (first ?? []).filter((alias) => rest.every((aliases) => aliases.includes(alias)));
}

function trusts(setting: string, address: string): boolean {
  try {
    const parsed = parseTrustProxy(setting);
    return parsed !== false && compileTrust(parsed)(address, 0);
  } catch {
    return false;
  }
}

function parseUrl(value: string | undefined): URL | undefined {
  try {
    return value ? new URL(value) : undefined;
  } catch {
    return undefined;
  }
}
