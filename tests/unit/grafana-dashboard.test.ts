import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { createLogger } from "../../server/log";
import { collectProcessMetrics, processMetrics } from "../../server/metrics/registry";
import { storeGauges } from "../../server/metrics/store-gauges";

type Dashboard = { panels: { title: string; targets: { expr: string }[] }[]; templating: { list: { query?: unknown }[] } };

/** The names a histogram's samples carry besides its own. */
const SAMPLE_SUFFIXES = /_(bucket|count|sum)$/;

describe("the Grafana dashboard in deploy/", () => {
  it("queries only metrics the app has, and shows every metric of the app's own", async () => {
    const dashboard = JSON.parse(await readFile("deploy/grafana/amora-dashboard.json", "utf8")) as Dashboard;
    collectProcessMetrics();
    // The instance's gauges only need their sources when scraped: their names are known without them.
    const instance = storeGauges({ db: undefined as never, live: { tabCount: 0 }, log: createLogger("silent") });
    const registered = new Set([...processMetrics.getMetricsAsArray(), ...instance.getMetricsAsArray()].map((metric) => metric.name));

    const queries = [...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)), ...dashboard.templating.list.map((variable) => JSON.stringify(variable.query ?? ""))];
    const queried = new Set(queries.flatMap((query) => query.match(/\bamora_\w+/g) ?? []));
    expect(queried.size).toBeGreaterThan(10);
    for (const name of queried) {
      const metric = registered.has(name) ? name : name.replace(SAMPLE_SUFFIXES, "");
      expect(registered, `${name} is queried by the dashboard`).toContain(metric);
    }

    const shown = new Set([...queried].map((name) => (registered.has(name) ? name : name.replace(SAMPLE_SUFFIXES, ""))));
    const ours = [...registered].filter((name) => !name.startsWith("amora_nodejs_") && !name.startsWith("amora_process_"));
    for (const name of ours) expect(shown, `${name} has a panel`).toContain(name);
    expect(shown).toContain("amora_nodejs_eventloop_lag_p99_seconds");
  });
});
