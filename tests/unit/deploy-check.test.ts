import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { parse, stringify } from "yaml";
import type { ComposeFile } from "../../scripts/deploy/compose-file";
import { DEPLOY_FILES } from "../../scripts/deploy/check";
import { checkStack, type StackFiles } from "../../scripts/deploy/stack-check";
import { loadSites } from "../../server/sites/load";
import type { Site } from "../../server/sites/schema";

/**
 * The compose file's check (npm run deploy:check) on the repository's own files, and on copies with
 * one thing broken: each must be named with its file, its service and what to do.
 */
describe("the production stack's check", () => {
  let files: StackFiles;
  let sites: Site[];

  beforeAll(async () => {
    sites = (await loadSites("sites")).sites;
    const read = (file: string) => ({ path: file, text: readFileSync(file, "utf8") });
    files = {
      compose: read(DEPLOY_FILES.compose),
      dockerfile: read(DEPLOY_FILES.dockerfile),
      envExample: read(DEPLOY_FILES.envExample),
      buildScript: read(DEPLOY_FILES.buildScript),
      sites,
    };
  });

  /** The files with the compose file changed as `edit` does to its parsed form (anchors resolved). */
  const withCompose = (edit: (compose: ComposeFile) => void): StackFiles => {
    // Through JSON: an alias (app-2: *app-instance) would otherwise share app-1's objects.
    const compose = JSON.parse(JSON.stringify(parse(files.compose.text, { merge: true }))) as ComposeFile;
    edit(compose);
    return { ...files, compose: { ...files.compose, text: stringify(compose) } };
  };
  const environment = (compose: ComposeFile, service: string) => compose.services[service]!.environment as Record<string, string>;

  it("passes on the repository's compose file, Dockerfile and env template", () => {
    expect(checkStack(files)).toEqual([]);
  });

  it("names each container that lacks a variable production requires, and how to set it", () => {
    const broken = { ...files, compose: { ...files.compose, text: files.compose.text.replace(/^ {4}SESSION_SECRETS: .*\n/m, "") } };
    const problems = checkStack(broken);
    for (const service of ["migrate", "app-1", "app-2"]) {
      expect(problems).toContain(
        `deploy/compose.yaml, service ${service}: SESSION_SECRETS is not set, which production needs for every deployment (server/env.ts); add SESSION_SECRETS: \${SESSION_SECRETS:?set SESSION_SECRETS in deploy/.env} to x-app's environment`,
      );
    }
  });

  it("refuses a variable compose would start with empty", () => {
    const problems = checkStack(withCompose((compose) => (environment(compose, "app-2").VAPID_PRIVATE_KEY = "${VAPID_PRIVATE_KEY:-}")));
    expect(problems).toEqual([
      "deploy/compose.yaml, service app-2: VAPID_PRIVATE_KEY may be empty (${VAPID_PRIVATE_KEY:-}), but production needs it for every deployment (server/env.ts); write ${VAPID_PRIVATE_KEY:?set VAPID_PRIVATE_KEY in deploy/.env} so compose refuses to start without it",
    ]);
  });

  it("asks for what the brand files need: a brand on Mollie needs its key", () => {
    const onMollie = sites.map((site) => (site.id === "gay-uk" ? { ...site, payment_provider: "mollie" as const } : site));
    expect(checkStack({ ...files, sites: onMollie })).toContain(
      "deploy/compose.yaml, service app-1: MOLLIE_API_KEY_GAY_UK or MOLLIE_API_KEY is not set, which production needs for gay-uk's payment_provider \"mollie\"; add MOLLIE_API_KEY: ${MOLLIE_API_KEY:?set MOLLIE_API_KEY in deploy/.env} to x-app's environment",
    );
  });

  it("needs every variable compose refuses to start without in the env template", () => {
    const template = { ...files.envExample, text: files.envExample.text.replace(/^IBAN_KEY=.*\n/m, "") };
    expect(checkStack({ ...files, envExample: template })).toEqual(["deploy/.env.example: does not list IBAN_KEY, which deploy/compose.yaml requires; add IBAN_KEY= with how to make one"]);
  });

  it("names an instance without its health check, and a proxy that does not wait for health", () => {
    const problems = checkStack(
      withCompose((compose) => {
        delete compose.services["app-2"]!.healthcheck;
        compose.services.caddy!.depends_on = ["app-1", "app-2"];
      }),
    );
    expect(problems).toEqual([
      "deploy/compose.yaml, service app-2: no healthcheck on /readyz; add one that fetches http://127.0.0.1:3000/readyz (Caddy waits for it)",
      "deploy/compose.yaml, service caddy: does not wait for app-1 to be healthy; add depends_on app-1: condition: service_healthy",
      "deploy/compose.yaml, service caddy: does not wait for app-2 to be healthy; add depends_on app-2: condition: service_healthy",
    ]);
  });

  it("starts the instances only after the migration job succeeded and the stores are healthy", () => {
    const problems = checkStack(
      withCompose((compose) => {
        compose.services["app-1"]!.depends_on = { migrate: { condition: "service_started" }, redis: { condition: "service_healthy" } };
      }),
    );
    expect(problems).toEqual([
      "deploy/compose.yaml, service app-1: does not wait for migrate to succeed; add depends_on migrate: condition: service_completed_successfully",
      "deploy/compose.yaml, service app-1: does not wait for postgres to be healthy; add depends_on postgres: condition: service_healthy",
    ]);
  });

  it("names every place a port disagrees with the Dockerfile's", () => {
    const dockerfile = { ...files.dockerfile, text: files.dockerfile.text.replace("EXPOSE 3000", "EXPOSE 8080") };
    expect(checkStack({ ...files, dockerfile })).toEqual(["Dockerfile: EXPOSE 8080 does not include PORT 3000; expose the port the app listens on"]);

    const moved = { ...files, dockerfile: { ...files.dockerfile, text: files.dockerfile.text.replace("PORT=3000", "PORT=8080").replace("EXPOSE 3000", "EXPOSE 8080") } };
    expect(checkStack(moved)).toEqual([
      "deploy/compose.yaml, service app-1: the healthcheck asks port 3000, but the Dockerfile's PORT is 8080; ask 8080",
      "deploy/compose.yaml, service app-1: PORT is 3000, but the Dockerfile exposes 8080; set PORT: \"8080\" or leave it to the image",
      "deploy/compose.yaml, service app-2: the healthcheck asks port 3000, but the Dockerfile's PORT is 8080; ask 8080",
      "deploy/compose.yaml, service app-2: PORT is 3000, but the Dockerfile exposes 8080; set PORT: \"8080\" or leave it to the image",
      'deploy/compose.yaml, service caddy: APP_UPSTREAMS is "app-1:3000 app-2:3000"; set it to "app-1:8080 app-2:8080", every instance on the Dockerfile\'s port',
      "deploy/compose.yaml, service caddy: TLS_ASK is http://app:3000/internal/tls-allowed; set it to http://app:8080/internal/tls-allowed (an instance, on the Dockerfile's port)",
    ]);
  });

  it("checks that every app container runs the Dockerfile's image and the migration job is built into it", () => {
    const problems = checkStack(
      withCompose((compose) => {
        compose.services.migrate!.image = "amora:old";
        compose.services.migrate!.command = ["node", "build/migrations.js"];
      }),
    );
    expect(problems).toEqual([
      "deploy/compose.yaml, service migrate: image amora:old is not ${AMORA_IMAGE:-amora:latest}; every app container runs the one image (x-app)",
      "deploy/compose.yaml, service migrate: runs build/migrations.js, which scripts/build-server.mjs does not build, so the image has no such file; add it to the build",
    ]);
  });

  it("believes forwarded addresses from Caddy only, and serves photos from the bucket the app writes to", () => {
    const problems = checkStack(
      withCompose((compose) => {
        for (const service of ["migrate", "app-1", "app-2"]) environment(compose, service).TRUST_PROXY = "10.0.0.0/8";
        environment(compose, "caddy").PHOTOS_BUCKET = "photos";
      }),
    );
    expect(problems).toEqual([
      "deploy/compose.yaml, service app-1: TRUST_PROXY (10.0.0.0/8) does not trust Caddy's address 172.30.0.2; set TRUST_PROXY: 172.30.0.2",
      "deploy/compose.yaml, service caddy: PHOTOS_BUCKET is photos, but the app writes photos to S3_BUCKET amora-photos; set them alike, or visitors get no photos",
    ]);
  });

  it("says where the YAML is broken", () => {
    const problems = checkStack({ ...files, compose: { ...files.compose, text: "services:\n  app-1: [\n" } });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^deploy\/compose\.yaml: .*line 3.*; fix the YAML/s);
  });
});
