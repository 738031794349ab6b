import type { PaymentSequence, PaymentStatus } from "../db/schema";
import type { PaymentMethod, PaymentProviderName } from "../sites/payments";
import type { Site } from "../sites/schema";

/**
 * What every payment provider does for us, behind one interface. The brand file names its
 * provider; secrets come from the environment only. Amounts are minor units throughout; an
 * adapter converts to its provider's format at the edge.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;

  /** The methods the provider can take now for this country and amount, with their issuers (banks) where it has them. */
  methods(input: MethodsInput): Promise<MethodOption[]>;

  /**
   * Starts a payment at the provider. A checkout payment answers the page to send the member to;
   * a recurring one (a stored mandate) answers no page and its status comes by webhook as usual.
   */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;

  /**
   * Reads one webhook delivery. It checks the signature (or fetches the payment from the provider,
   * Mollie's model) and answers what the provider says the payment is now; it never trusts the
   * delivery's own figures without that check. Throws WebhookRefused for anything it cannot vouch for.
   */
  readWebhook(delivery: WebhookDelivery, site: Site): Promise<ProviderReport>;

  /** What the provider expects as the body of a webhook answer it accepted ("OK" for Verotel). */
  readonly webhookAnswer: string;

  /** Asks the provider to pay back an amount of a paid payment; the status change comes by webhook or is answered here. */
  refund(input: RefundInput): Promise<{ status: "refunded" | "pending" }>;
}

export type MethodsInput = { site: Site; country: string; currency: string; amount: number; sequence: PaymentSequence; locale: string };

export type MethodOption = { id: PaymentMethod; issuers: Issuer[] };
export type Issuer = { id: string; name: string };

export type CreatePaymentInput = {
  site: Site;
  payment: {
    id: number;
    amount: number;
    currency: string;
    method: string;
    issuer: string | null;
    sequence: PaymentSequence;
    credits: number;
    /** "FlirtNL: 120 credits", in the member's language. */
    description: string;
  };
  member: { accountId: number; email: string; locale: string; country: string };
  /** Where the provider sends the member back to (our return page). */
  returnUrl: string;
  /** Where the provider reports status changes (our webhook route for this provider). */
  webhookUrl: string;
  /** For a first payment, the customer to attach the mandate to (if one exists); for a recurring one, the mandate to charge. */
  mandate?: { customerReference: string; mandateReference: string };
};

export type CreatedPayment = {
  /** The provider's id of the payment; absent when it names the payment only in its first report (Verotel's saleID). */
  providerReference?: string;
  /** The provider's hosted checkout; absent for a recurring charge. */
  checkoutUrl?: string;
  /** A status the provider already decided (a recurring charge can be pending or failed at once). */
  status?: PaymentStatus;
};

/** One webhook delivery as it came in: method, the exact body bytes as text, the query and headers. */
export type WebhookDelivery = {
  method: string;
  body: string;
  query: URLSearchParams;
  header: (name: string) => string | null;
};

/** What the provider vouched for about one payment. */
export type ProviderReport = {
  /** Our payment id when the provider carries it (Verotel, test); else found by providerReference. */
  paymentId?: number;
  providerReference: string;
  status: PaymentStatus;
  amount: number;
  currency: string;
  transactionCosts?: number;
  /** Left by a first payment that may be charged again. */
  mandate?: { customerReference: string; mandateReference: string; method: string; label: string };
  /** Shown to the member for a failed recurring charge, when the provider gives one. */
  failureReason?: string;
};

export type RefundInput = { site: Site; providerReference: string; amount: number; currency: string; description: string };

/** A webhook we will not act on: the route answers its status (4xx), logs the reason and changes nothing. */
export class WebhookRefused extends Error {
  override name = "WebhookRefused";
  constructor(
    readonly reason: "bad_signature" | "malformed" | "unknown_payment" | "wrong_site" | "amount_mismatch" | "backwards" | "provider_unreachable",
    message: string,
    readonly status = reason === "unknown_payment" ? 404 : reason === "backwards" ? 409 : reason === "provider_unreachable" ? 502 : 400,
  ) {
    super(message);
  }
}
