import type { Logger } from "../log";
import { PAYMENT_PROVIDERS, type PaymentProviderName } from "../sites/payments";
import type { Site } from "../sites/schema";
import { createMollieProvider } from "./mollie";
import type { PaymentProvider } from "./provider";
import { createTestProvider } from "./test-provider";
import { createVerotelProvider } from "./verotel";
import { receiveWebhook } from "./webhook";

/**
 * The payment providers of this deployment, one adapter each, made once at start from the
 * environment. A brand gets the one its file names.
 */
export type PaymentProviders = {
  forSite(site: Site): PaymentProvider;
  byName(name: PaymentProviderName): PaymentProvider | undefined;
  /**
   * Takes one webhook delivery. It is made here, with the adapters, so a provider's refusal reaches
   * the code that answers it as the same class it was thrown as (the Remix build has its own copies).
   */
  receive: typeof receiveWebhook;
};

export type ProviderEnvironment = {
  /** Reads a secret (API key, signature key) from the environment; per brand first: NAME_<SITE_ID>, then NAME. */
  secret(name: string, site?: Site): string | undefined;
  production: boolean;
  dataDir: string;
  log: Logger;
  /** How long the test checkout's "pending, then paid" waits before paid (TEST_PAYMENTS_SETTLE_MS; 4000 when not given). */
  testSettleMs?: number;
};

/**
 * The secrets each provider cannot work without in production, by the names the adapters read.
 * Outside production the test provider makes its own (DATA_DIR/test-payments-secret).
 */
export const PROVIDER_SECRETS: Record<PaymentProviderName, readonly string[]> = {
  test: ["TEST_PAYMENTS_SECRET"],
  mollie: ["MOLLIE_API_KEY"],
  verotel: ["VEROTEL_SHOP_ID", "VEROTEL_SIGNATURE_KEY"],
};

/** A brand's payment setup that would take or lose money wrongly: the server does not start. */
export class PaymentConfigError extends Error {
  override name = "PaymentConfigError";
}

/** NAME_FLIRT_NL for the brand flirt-nl: the per-brand variable of a secret. */
export const siteSecretName = (name: string, siteId: string) => `${name}_${siteId.toUpperCase().replace(/[^A-Z0-9]/g, "_")}`;

/** Secrets from a plain map of variables (process.env), the brand's own before the shared one. */
export function secretReader(source: Record<string, string | undefined>): ProviderEnvironment["secret"] {
  return (name, site) => {
    const own = site ? source[siteSecretName(name, site.id)] : undefined;
    return own?.trim() || source[name]?.trim() || undefined;
  };
}

export function createPaymentProviders(environment: ProviderEnvironment): PaymentProviders {
  const adapters: Record<PaymentProviderName, PaymentProvider> = {
    test: createTestProvider(environment),
    mollie: createMollieProvider(environment),
    verotel: createVerotelProvider(environment),
  };
  return {
    forSite: (site) => adapters[site.payment_provider],
    byName: (name) => ((PAYMENT_PROVIDERS as readonly string[]).includes(name) ? adapters[name] : undefined),
    receive: receiveWebhook,
  };
}

/**
 * What is wrong with the brands' payment setup, one line per brand: in production the test provider
 * only where the brand allows it, and every provider's secrets present. Outside production nothing
 * is refused (a developer may run a brand on Mollie without a key and see its errors).
 */
export function paymentSetupProblems(sites: readonly Site[], environment: Pick<ProviderEnvironment, "secret" | "production">): string[] {
  if (!environment.production) return [];
  const problems: string[] = [];
  for (const site of sites) {
    const provider = site.payment_provider;
    if (provider === "test" && !site.allow_test_payments) {
      problems.push(`${site.id}: payment_provider is "test", which takes no money; set "allow_test_payments": true in the brand file to run it in production anyway, or choose mollie or verotel`);
    }
    const missing = PROVIDER_SECRETS[provider].filter((name) => !environment.secret(name, site));
    if (missing.length > 0) {
      const variables = missing.map((name) => `${siteSecretName(name, site.id)} or ${name}`).join(", ");
      problems.push(`${site.id}: payment_provider "${provider}" needs ${variables} in the environment`);
    }
  }
  return problems;
}

/** Throws PaymentConfigError naming every problem, as the server starts. */
export function checkPaymentSetup(sites: readonly Site[], environment: Pick<ProviderEnvironment, "secret" | "production">): void {
  const problems = paymentSetupProblems(sites, environment);
  if (problems.length > 0) throw new PaymentConfigError(`Invalid payment setup:\n${problems.map((line) => `  ${line}`).join("\n")}`);
}
