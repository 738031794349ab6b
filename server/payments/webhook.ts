import type { Services } from "../http/request-context";
import type { Logger } from "../log";
import type { Site } from "../sites/schema";
import { WebhookRefused, type ProviderReport, type WebhookDelivery } from "./provider";
import { applyReport } from "./settle";

export type WebhookAnswer = { status: number; body: string };

const asRefusal = (error: unknown) => (error instanceof WebhookRefused ? error : undefined);

/**
 * One delivery to /payments/webhook/:provider on a brand's host: only the brand's own provider is
 * listened to, which vouches for the delivery (signature, or fetching the payment), and the report
 * is applied. A refusal answers its status with the reason's name and nothing more, so a prober
 * learns nothing about our payments. One log line per delivery: applyReport's, or the refusal here.
 */
export async function receiveWebhook({ services, site, providerName, delivery, log }: { services: Services; site: Site; providerName: string; delivery: WebhookDelivery; log: Logger }): Promise<WebhookAnswer> {
  if (providerName !== site.payment_provider) {
    log.warn({ siteId: site.id, provider: providerName }, "payment webhook for a provider this brand does not use");
    return { status: 404, body: "not_found" };
  }
  const provider = services.payments.forSite(site);
  let report: ProviderReport;
  try {
    report = await provider.readWebhook(delivery, site);
  } catch (error) {
    const refused = asRefusal(error);
    if (!refused) throw error;
    log.warn({ siteId: site.id, provider: providerName, reason: refused.reason }, `payment webhook refused: ${refused.message}`);
    return { status: refused.status, body: refused.reason };
  }
  try {
    await applyReport({ services: { ...services, log }, site, provider, report });
    return { status: 200, body: provider.webhookAnswer };
  } catch (error) {
    const refused = asRefusal(error);
    if (refused) return { status: refused.status, body: refused.reason };
    throw error;
  }
}
