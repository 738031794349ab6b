// Reading deploy/compose.yaml as `docker compose` does, as far as the deploy check needs: YAML with
// anchors and merge keys, environment in either form, and `${NAME…}` interpolation.
import { parseDocument } from "yaml";

export type Service = {
  image?: string;
  build?: string | { context?: string; dockerfile?: string };
  command?: string | string[];
  environment?: Record<string, string | number | boolean | null> | string[];
  healthcheck?: { test?: string | string[]; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: (string | number | { target?: number; published?: string | number; protocol?: string })[];
  volumes?: (string | { type?: string; source?: string; target?: string })[];
  networks?: string[] | Record<string, { aliases?: string[]; ipv4_address?: string } | null>;
  restart?: string;
};

export type ComposeFile = { services: Record<string, Service>; networks?: Record<string, unknown> };

/** The parsed file, or the parser's complaint (with its line) as the only problem. */
export function parseCompose(text: string): { compose?: ComposeFile; problem?: string } {
  const document = parseDocument(text, { merge: true, prettyErrors: true });
  if (document.errors.length > 0) return { problem: document.errors.map((error) => error.message).join("; ") };
  const compose = document.toJS({ maxAliasCount: 100 }) as ComposeFile | null;
  if (!compose || typeof compose !== "object" || !compose.services || typeof compose.services !== "object") {
    return { problem: "has no services" };
  }
  return { compose };
}

/** A service's environment as a map, whichever of compose's two forms it is written in. */
export function environmentOf(service: Service): Map<string, string> {
  const environment = new Map<string, string>();
  if (Array.isArray(service.environment)) {
    for (const entry of service.environment) {
      const at = entry.indexOf("=");
      environment.set(at < 0 ? entry : entry.slice(0, at), at < 0 ? "" : entry.slice(at + 1));
    }
  } else {
    for (const [name, value] of Object.entries(service.environment ?? {})) environment.set(name, value === null ? "" : String(value));
  }
  return environment;
}

/** One `${NAME…}` (or `$NAME`) in a value: `:?`/`?` refuse to start without it, `:-`/`-` give a default. */
export type Interpolation = { name: string; operator: "" | ":-" | "-" | ":?" | "?" | ":+" | "+"; argument: string };

const INTERPOLATION = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?+])((?:[^{}]|\{[^{}]*\})*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

export function interpolationsIn(value: string): Interpolation[] {
  const found: Interpolation[] = [];
  for (const match of value.matchAll(INTERPOLATION)) {
    if (match[0] === "$$") continue;
    found.push({ name: (match[1] ?? match[4])!, operator: (match[2] ?? "") as Interpolation["operator"], argument: match[3] ?? "" });
  }
  return found;
}

/** The value with every `${NAME…}` replaced as compose would, from `variables`; `$$` is a `$`. */
export function interpolate(value: string, variables: Map<string, string>): string {
  return value.replace(INTERPOLATION, (whole, braced?: string, operator?: string, argument = "", bare?: string) => {
    if (whole === "$$") return "$";
    const given = variables.get((braced ?? bare)!);
    const empty = given === undefined || (given === "" && operator?.startsWith(":"));
    if (operator?.endsWith("-")) return empty ? interpolate(argument, variables) : given!;
    if (operator?.endsWith("+")) return empty ? "" : interpolate(argument, variables);
    return given ?? "";
  });
}

/**
 * Whether compose can start the service with this value empty: not when some of it is literal
 * text, a `${NAME:?…}` (compose refuses to start without NAME) or a default that is not empty.
 */
export function mayBeEmpty(value: string): boolean {
  const literal = value.replace(INTERPOLATION, (whole) => (whole === "$$" ? "$" : ""));
  if (literal.trim() !== "") return false;
  return !interpolationsIn(value).some(
    ({ operator, argument }) => operator === ":?" || ((operator === ":-" || operator === "-") && argument !== "" && !mayBeEmpty(argument)),
  );
}

/** The variables an env file lists (`NAME=value` lines; comments and blank lines skipped). */
export function envFileVariables(text: string): Map<string, string> {
  const variables = new Map<string, string>();
  for (const line of text.split("\n")) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (match) variables.set(match[1]!, match[2]!.replace(/^(['"])(.*)\1$/, "$2"));
  }
  return variables;
}

/** The services a service waits for, with the condition it waits on. */
export function dependenciesOf(service: Service): Map<string, string> {
  const dependencies = new Map<string, string>();
  if (Array.isArray(service.depends_on)) for (const name of service.depends_on) dependencies.set(name, "service_started");
  else for (const [name, { condition }] of Object.entries(service.depends_on ?? {})) dependencies.set(name, condition ?? "service_started");
  return dependencies;
}

/** The healthcheck's command as one line ("" when there is none). */
export function healthcheckCommand(service: Service): string {
  const test = service.healthcheck?.disable ? undefined : service.healthcheck?.test;
  if (test === undefined) return "";
  const words = Array.isArray(test) ? test : ["CMD-SHELL", test];
  return words[0] === "NONE" ? "" : words.slice(1).join(" ");
}

/** The container ports a service publishes (targets), with their protocol. */
export function publishedTargets(service: Service): string[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port === "object") return `${port.target}/${port.protocol ?? "tcp"}`;
    const [spec, protocol = "tcp"] = String(port).split("/");
    return `${spec!.split(":").pop()}/${protocol}`;
  });
}

/** A bind mount's host path for a container path, as written (short or long syntax). */
export function bindSourceOf(service: Service, target: string): string | undefined {
  for (const volume of service.volumes ?? []) {
    if (typeof volume === "object") {
      if (volume.target === target && volume.type === "bind") return volume.source;
      continue;
    }
    const [source, mountedAt] = volume.split(":");
    if (mountedAt === target && source && /^[./~]/.test(source)) return source;
  }
  return undefined;
}

/** The aliases and fixed address a service has on the stack's default network. */
export function defaultNetworkOf(service: Service): { aliases: string[]; ipv4Address?: string } {
  const networks = service.networks;
  if (!networks || Array.isArray(networks)) return { aliases: [] };
  const settings = networks.default;
  return { aliases: settings?.aliases ?? [], ipv4Address: settings?.ipv4_address };
}
