import type { Logger } from "../log";
import type { PaymentProviderName } from "../sites/payments";
import type { Site } from "../sites/schema";
import type { PaymentProvider } from "./provider";

/**
 * The payment providers of this deployment, one adapter each, made once at start from the
 * environment. A brand gets the one its file names.
 */
export type PaymentProviders = {
  forSite(site: Site): PaymentProvider;
  byName(name: PaymentProviderName): PaymentProvider | undefined;
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

// BUILT BY THE PAYMENTS WORK (helper "core"): createPaymentProviders(environment) registering test, mollie, verotel.
