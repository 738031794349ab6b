import { cp, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";

/** A minimal valid brand file, for tests that change one setting at a time. */
export function siteFile(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Test Brand",
    domains: ["testbrand.example"],
    niche: 1,
    countries: ["NL"],
    support_email: "support@testbrand.example",
    company: { name: "Test B.V.", address: "Straat 1", city: "Utrecht", country: "Nederland" },
    ...overrides,
  };
}

/** A private copy of the demo brands' folder, which a test may edit. */
export async function copyDemoSites(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "amora-sites-"));
  await cp(path.resolve("sites"), dir, { recursive: true });
  return dir;
}

/**
 * Lets every brand of a copied folder run the test provider in production, as a production-mode
 * test server must (the demo brands take no real money and do not allow it by default).
 */
export async function allowTestPayments(sitesDir: string): Promise<void> {
  for (const name of (await readdir(sitesDir)).filter((file) => file.endsWith(".json"))) {
    const file = path.join(sitesDir, name);
    await writeFile(file, JSON.stringify({ ...(JSON.parse(await readFile(file, "utf8")) as object), allow_test_payments: true }));
  }
}
