import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { PaymentStatus } from "../db/schema";
import type { PaymentProvider } from "./provider";
import { WebhookRefused } from "./provider";
import type { ProviderEnvironment } from "./providers";

// Minimal version of the test provider, to the agreed webhook format; the full one replaces it.

export function signTestWebhook(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

export function createTestProvider(environment: ProviderEnvironment): PaymentProvider {
  const fallback = randomBytes(32).toString("hex");
  const secret = () => environment.secret("TEST_PAYMENTS_SECRET") ?? fallback;
  return {
    name: "test",
    webhookAnswer: "ok",
    methods: async ({ site, country }) => (site.payment_methods[country as keyof typeof site.payment_methods] ?? []).map((id) => ({ id, issuers: [] })),
    createPayment: async ({ payment }) => ({ providerReference: `test_${payment.id}`, checkoutUrl: `/payments/test-checkout/test_${payment.id}` }),
    refund: async () => ({ status: "refunded" }),
    readWebhook: async (delivery) => {
      const expected = Buffer.from(signTestWebhook(delivery.body, secret()));
      const given = Buffer.from(delivery.header("x-test-signature") ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookRefused("bad_signature", "the signature does not match");
      const form = new URLSearchParams(delivery.body);
      const mandate = form.get("mandate");
      return {
        paymentId: Number(form.get("payment_id")) || undefined,
        providerReference: form.get("reference") ?? "",
        status: form.get("status") as PaymentStatus,
        amount: Number(form.get("amount")),
        currency: form.get("currency") ?? "",
        mandate: mandate ? { mandateReference: mandate, customerReference: form.get("customer") ?? "", method: form.get("method") ?? "", label: form.get("label") ?? "" } : undefined,
      };
    },
  };
}
