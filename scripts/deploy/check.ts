// `npm run deploy:check` in one function, for the command and for the test that keeps it passing.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { loadSites } from "../../server/sites/load";
import { checkCaddyfile } from "./caddy-check";
import { environmentOf, envFileVariables, interpolate, parseCompose } from "./compose-file";
import { brandFilesDir, checkStack, dockerfileRuntime, STACK } from "./stack-check";

/** The stack's files, relative to the repository. */
export const DEPLOY_FILES = {
  compose: "deploy/compose.yaml",
  caddyfile: "deploy/Caddyfile",
  envExample: "deploy/.env.example",
  dockerfile: "Dockerfile",
  buildScript: "scripts/build-server.mjs",
};

/**
 * Every problem of the stack in `root` (the repository): compose.yaml against the Dockerfile and
 * the app's production requirements for the brand files it mounts, then the Caddyfile through Caddy
 * with the caddy service's environment (the env file's values, the template's when there is none).
 */
export async function deployCheck(root: string, files: Partial<typeof DEPLOY_FILES> = {}): Promise<{ problems: string[]; brands: string[] }> {
  const paths = { ...DEPLOY_FILES, ...files };
  const read = async (file: string) => ({ path: file, text: await readFile(path.resolve(root, file), "utf8") });
  const [compose, dockerfile, envExample, buildScript] = await Promise.all([read(paths.compose), read(paths.dockerfile), read(paths.envExample), read(paths.buildScript)]);

  const parsed = parseCompose(compose.text).compose;
  const sitesDir = parsed ? brandFilesDir(parsed, paths.compose, dockerfileRuntime(dockerfile.text).workdir) : "sites";
  const { sites, problems: siteProblems } = await loadSites(path.resolve(root, sitesDir));
  const problems = siteProblems.map((problem) => `${path.join(sitesDir, problem.file)} (${problem.path}): ${problem.message}; npm run sites:check ${sitesDir} lists them all`);
  problems.push(...checkStack({ compose, dockerfile, envExample, buildScript, sites }));

  const proxy = parsed?.services[STACK.proxy];
  if (proxy) {
    const variables = envFileVariables(envExample.text);
    const environment = new Map([...environmentOf(proxy)].map(([name, value]) => [name, interpolate(value, variables)]));
    const caddyfile = path.resolve(root, paths.caddyfile);
    problems.push(...(await checkCaddyfile(caddyfile, environment)).map((problem) => problem.replace(caddyfile, paths.caddyfile)));
  }
  return { problems, brands: sites.map((site) => site.id) };
}
