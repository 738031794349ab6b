import { PRODUCTION_REQUIRED_VARIABLES } from "./env";
import { PROVIDER_SECRETS, siteSecretName } from "./payments/providers";
import type { Site } from "./sites/schema";

/** One thing production's rules need from the environment: any one of `variables`, and why. */
export type Requirement = { variables: string[]; because: string };

/**
 * Every variable the server refuses to start without under production's rules, for these brands:
 * the ones any deployment needs (readEnv), IBAN_KEY while a brand collects by direct debit, and each
 * brand's payment provider's secrets, its own (NAME_<BRAND>) or the shared one.
 */
export function productionRequirements(sites: readonly Site[]): Requirement[] {
  const requirements: Requirement[] = PRODUCTION_REQUIRED_VARIABLES.map((name) => ({ variables: [name], because: "every deployment (server/env.ts)" }));
  const directDebit = sites.filter((site) => site.direct_debit).map((site) => site.id);
  if (directDebit.length > 0) requirements.push({ variables: ["IBAN_KEY"], because: `the brands with direct_debit (${directDebit.join(", ")})` });
  for (const site of sites) {
    for (const name of PROVIDER_SECRETS[site.payment_provider]) {
      requirements.push({ variables: [siteSecretName(name, site.id), name], because: `${site.id}'s payment_provider "${site.payment_provider}"` });
    }
  }
  return requirements;
}
