import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { DEFAULT_METHODS, STAND_IN_TLS, type StandInMethod } from "./mollie-stand-in-data";

export { DEFAULT_METHODS, type StandInMethod };

/**
 * A local stand-in for the parts of Mollie's API the adapter uses, answering the JSON shapes of
 * Mollie's published reference (HAL `_links`, `resource`, amounts as {currency, value} strings,
 * errors as application/hal+json with status, title and detail). It keeps everything in memory;
 * a test moves a payment on with `setPayment`, as a member at the checkout or the bank would.
 *
 * It speaks HTTPS only because the official client does: it sends every request through an
 * https agent pinned to its own bundle of Mozilla's root certificates, so neither plain HTTP nor a
 * test certificate authority can reach it. While a stand-in runs, this test process therefore
 * accepts the stand-in's self-signed certificate (NODE_TLS_REJECT_UNAUTHORIZED=0, read by Node at
 * each connection); the last one to close puts the setting back.
 */

type Amount = { currency: string; value: string };
type Link = { href: string; type: string };
type Json = Record<string, unknown>;

export type StandInPayment = Json & {
  id: string;
  status: "open" | "pending" | "authorized" | "paid" | "failed" | "canceled" | "expired";
  amount: Amount;
  sequenceType: "oneoff" | "first" | "recurring";
  metadata: unknown;
  customerId?: string;
  mandateId?: string;
  method: string | null;
};

export type StandInMandate = { id: string; customerId: string; method: string; status: "valid" | "pending" | "invalid"; details: Json; createdAt: string };

export type RecordedRequest = { method: string; path: string; query: URLSearchParams; body: Json | undefined; headers: IncomingMessage["headers"] };

export type MollieStandIn = {
  /** The client's apiEndpoint (…/v2/). */
  url: string;
  apiKey: string;
  requests: RecordedRequest[];
  methods: StandInMethod[];
  payments: Map<string, StandInPayment>;
  customers: Map<string, Json>;
  mandates: Map<string, StandInMandate>;
  /**
   * Moves a payment on. Paid, a first payment leaves a valid mandate on its customer (card, PayPal
   * or direct debit details by its method); refunded and chargedBack set those amounts.
   */
  setPayment(id: string, change: { status?: StandInPayment["status"]; refunded?: string; chargedBack?: string; settlement?: string; details?: Json }): StandInPayment;
  close(): Promise<void>;
};

const DOCS = "https://docs.mollie.com/reference/";

let running = 0;
let tlsSetting: string | undefined;

function acceptSelfSigned(): void {
  if (running++ === 0) {
    tlsSetting = process.env.NODE_TLS_REJECT_UNAUTHORIZED;
    process.env.NODE_TLS_REJECT_UNAUTHORIZED = "0";
  }
}

function restoreTls(): void {
  if (--running > 0) return;
  if (tlsSetting === undefined) delete process.env.NODE_TLS_REJECT_UNAUTHORIZED;
  else process.env.NODE_TLS_REJECT_UNAUTHORIZED = tlsSetting;
}
const hal = (href: string): Link => ({ href, type: "application/hal+json" });
const html = (href: string): Link => ({ href, type: "text/html" });
const token = () => randomBytes(8).toString("base64url").replace(/[-_]/g, "x");
const cents = (value: string) => Math.round(Number(value) * 100);
const money = (minor: number, currency: string): Amount => ({ currency, value: (minor / 100).toFixed(2) });

/** An error as Mollie answers one: thrown inside a handler, written by the server. */
class MollieError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
    readonly field?: string,
    readonly docs = "get-payment",
  ) {
    super(detail);
  }
}

export async function startMollieStandIn(options: { apiKey?: string; methods?: StandInMethod[]; recurringStatus?: StandInPayment["status"] } = {}): Promise<MollieStandIn> {
  const apiKey = options.apiKey ?? `test_${token()}${token()}`;
  const mode = apiKey.startsWith("live_") ? "live" : "test";
  const requests: RecordedRequest[] = [];
  const methods = structuredClone(options.methods ?? DEFAULT_METHODS);
  const payments = new Map<string, StandInPayment>();
  const customers = new Map<string, Json>();
  const mandates = new Map<string, StandInMandate>();
  const refunds = new Map<string, Json[]>();
  const idempotent = new Map<string, { status: number; body: Json }>();
  let origin = "";

  const paymentJson = (payment: StandInPayment): Json => {
    const links: Record<string, Link> = {
      self: hal(`${origin}/v2/payments/${payment.id}`),
      dashboard: html(`${origin}/dashboard/payments/${payment.id}`),
      documentation: html(`${DOCS}get-payment`),
    };
    if (payment.status === "open" && payment.sequenceType !== "recurring") links.checkout = html(`${origin}/checkout/select-method/${payment.id.slice(3)}`);
    if (payment.customerId) links.customer = hal(`${origin}/v2/customers/${payment.customerId}`);
    if (payment.mandateId && payment.customerId) links.mandate = hal(`${origin}/v2/customers/${payment.customerId}/mandates/${payment.mandateId}`);
    if (refunds.has(payment.id)) links.refunds = hal(`${origin}/v2/payments/${payment.id}/refunds`);
    return { ...payment, _links: links };
  };

  const findPayment = (id: string) => {
    const payment = payments.get(id);
    if (!payment) throw new MollieError(404, "Not Found", `No payment exists with token ${id}.`);
    return payment;
  };

  function listMethods(query: URLSearchParams): Json {
    const sequence = query.get("sequenceType") ?? "oneoff";
    const currency = query.get("amount[currency]") ?? "EUR";
    const value = query.get("amount[value]");
    const withIssuers = (query.get("include") ?? "").split(",").includes("issuers");
    const found = methods.filter((method) => {
      if (!method.currencies.includes(currency)) return false;
      if (sequence === "oneoff" || sequence === "first") {
        if (method.recurringOnly || (sequence === "first" && !method.recurring)) return false;
      } else if (!method.recurring) return false;
      if (value !== null && (cents(value) < cents(method.minimum) || (method.maximum !== null && cents(value) > cents(method.maximum)))) return false;
      return true;
    });
    return {
      count: found.length,
      _embedded: {
        methods: found.map((method) => ({
          resource: "method",
          id: method.id,
          description: method.description,
          minimumAmount: { currency, value: method.minimum },
          maximumAmount: method.maximum === null ? null : { currency, value: method.maximum },
          image: images(`${origin}/external/pmimages/${method.id}`),
          status: "activated",
          ...(withIssuers && method.issuers
            ? { issuers: method.issuers.map((issuer) => ({ resource: "issuer", ...issuer, image: images(`${origin}/external/pmimages/${method.id}/${issuer.id}`) })) }
            : {}),
          _links: { self: hal(`${origin}/v2/methods/${method.id}`) },
        })),
      },
      _links: { self: hal(`${origin}/v2/methods?${query}`), documentation: html(`${DOCS}list-methods`) },
    };
  }

  function createCustomer(body: Json): Json {
    const id = `cst_${token()}`;
    const customer = {
      resource: "customer",
      id,
      mode,
      name: body.name ?? null,
      email: body.email ?? null,
      locale: body.locale ?? null,
      metadata: body.metadata ?? null,
      createdAt: new Date().toISOString(),
      _links: { self: hal(`${origin}/v2/customers/${id}`), dashboard: html(`${origin}/dashboard/customers/${id}`), documentation: html(`${DOCS}create-customer`) },
    };
    customers.set(id, customer);
    return customer;
  }

  function createPayment(body: Json): Json {
    const invalid = (detail: string, field: string) => new MollieError(422, "Unprocessable Entity", detail, field, "create-payment");
    const amount = body.amount as Amount | undefined;
    if (!amount || typeof amount.currency !== "string" || typeof amount.value !== "string") throw invalid("The amount is required.", "amount");
    if (!/^\d+\.\d{2}$/.test(amount.value) || cents(amount.value) < 1) throw invalid("The amount contains an invalid value.", "amount.value");
    if (typeof body.description !== "string" || body.description.trim() === "") throw invalid("The description is required.", "description");
    const sequenceType = (body.sequenceType ?? "oneoff") as StandInPayment["sequenceType"];
    if (!["oneoff", "first", "recurring"].includes(sequenceType)) throw invalid("The sequence type is invalid.", "sequenceType");
    if (sequenceType !== "recurring" && typeof body.redirectUrl !== "string") throw invalid("The redirect URL is required.", "redirectUrl");
    const method = typeof body.method === "string" ? body.method : null;
    const known = methods.find((m) => m.id === method);
    if (method !== null && (!known || !known.currencies.includes(amount.currency))) throw invalid(`The payment method "${method}" is invalid or not enabled.`, "method");
    if (body.issuer !== undefined && !(known?.issuers ?? []).some((issuer) => issuer.id === body.issuer)) throw invalid("The issuer is invalid.", "issuer");
    const customerId = typeof body.customerId === "string" ? body.customerId : undefined;
    if (sequenceType !== "oneoff" && !customerId) throw invalid("A customer is required for this sequence type.", "customerId");
    if (customerId && !customers.has(customerId)) throw invalid("The customer id is invalid.", "customerId");
    let mandate: StandInMandate | undefined;
    if (sequenceType === "recurring") {
      mandate = typeof body.mandateId === "string" ? mandates.get(body.mandateId) : [...mandates.values()].find((m) => m.customerId === customerId && m.status === "valid");
      if (!mandate || mandate.customerId !== customerId || mandate.status !== "valid") throw invalid("The customer has no valid mandate for this payment.", "mandateId");
    }
    const id = `tr_${token()}`;
    const payment: StandInPayment = {
      resource: "payment",
      id,
      mode,
      createdAt: new Date().toISOString(),
      amount: { currency: amount.currency, value: amount.value },
      description: body.description,
      method: mandate?.method ?? method,
      metadata: body.metadata ?? null,
      status: sequenceType === "recurring" ? (options.recurringStatus ?? "pending") : "open",
      isCancelable: false,
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      profileId: "pfl_standin",
      sequenceType,
      redirectUrl: body.redirectUrl ?? null,
      webhookUrl: body.webhookUrl ?? null,
      locale: body.locale ?? null,
      ...(customerId ? { customerId } : {}),
      ...(mandate ? { mandateId: mandate.id } : {}),
      ...(typeof body.issuer === "string" ? { issuer: body.issuer } : {}),
    };
    payments.set(id, payment);
    return paymentJson(payment);
  }

  function getMandate(customerId: string, mandateId: string): Json {
    const mandate = mandates.get(mandateId);
    if (!customers.has(customerId)) throw new MollieError(404, "Not Found", `No customer exists with token ${customerId}.`, undefined, "get-mandate");
    if (!mandate || mandate.customerId !== customerId) throw new MollieError(404, "Not Found", `No mandate exists with token ${mandateId}.`, undefined, "get-mandate");
    return {
      resource: "mandate",
      id: mandate.id,
      mode,
      status: mandate.status,
      method: mandate.method,
      details: mandate.details,
      mandateReference: null,
      signatureDate: mandate.createdAt.slice(0, 10),
      createdAt: mandate.createdAt,
      _links: { self: hal(`${origin}/v2/customers/${customerId}/mandates/${mandate.id}`), customer: hal(`${origin}/v2/customers/${customerId}`), documentation: html(`${DOCS}get-mandate`) },
    };
  }

  function createRefund(paymentId: string, body: Json): Json {
    const payment = findPayment(paymentId);
    const invalid = (detail: string, field?: string) => new MollieError(422, "Unprocessable Entity", detail, field, "create-refund");
    const amount = body.amount as Amount | undefined;
    if (payment.status !== "paid") throw invalid("The payment cannot be refunded: it is not paid.");
    if (!amount || amount.currency !== payment.amount.currency || !/^\d+\.\d{2}$/.test(amount.value)) throw invalid("The amount is invalid.", "amount");
    const refunded = cents((payment.amountRefunded as Amount | undefined)?.value ?? "0.00");
    const remaining = cents(payment.amount.value) - refunded;
    if (cents(amount.value) > remaining) throw invalid("The refund amount is higher than the remaining amount of the payment.", "amount");
    const id = `re_${token()}`;
    const refund = {
      resource: "refund",
      id,
      mode,
      amount,
      status: "pending",
      description: body.description ?? "",
      metadata: body.metadata ?? null,
      paymentId,
      createdAt: new Date().toISOString(),
      _links: { self: hal(`${origin}/v2/payments/${paymentId}/refunds/${id}`), payment: hal(`${origin}/v2/payments/${paymentId}`), documentation: html(`${DOCS}create-refund`) },
    };
    refunds.set(paymentId, [...(refunds.get(paymentId) ?? []), refund]);
    payment.amountRefunded = money(refunded + cents(amount.value), payment.amount.currency);
    payment.amountRemaining = money(remaining - cents(amount.value), payment.amount.currency);
    return refund;
  }

  function route(method: string, path: string, query: URLSearchParams, body: Json): { status: number; body: Json } {
    let match: RegExpExecArray | null;
    if (method === "GET" && path === "/v2/methods") return { status: 200, body: listMethods(query) };
    if (method === "POST" && path === "/v2/customers") return { status: 201, body: createCustomer(body) };
    if (method === "POST" && path === "/v2/payments") return { status: 201, body: createPayment(body) };
    if (method === "GET" && (match = /^\/v2\/payments\/([^/]+)$/.exec(path))) return { status: 200, body: paymentJson(findPayment(match[1]!)) };
    if (method === "GET" && (match = /^\/v2\/customers\/([^/]+)\/mandates\/([^/]+)$/.exec(path))) return { status: 200, body: getMandate(match[1]!, match[2]!) };
    if (method === "POST" && (match = /^\/v2\/payments\/([^/]+)\/refunds$/.exec(path))) return { status: 201, body: createRefund(match[1]!, body) };
    throw new MollieError(404, "Not Found", `The resource ${method} ${path} does not exist.`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", origin);
    const text = await readBody(req);
    let body: Json | undefined;
    try {
      body = text === "" ? undefined : (JSON.parse(text) as Json);
    } catch {
      return send(res, 400, errorJson(new MollieError(400, "Bad Request", "The request body is not valid JSON.")));
    }
    requests.push({ method: req.method ?? "GET", path: url.pathname, query: url.searchParams, body, headers: req.headers });
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return send(res, 401, errorJson(new MollieError(401, "Unauthorized Request", "Missing authentication, or failed to authenticate", undefined, "authentication")));
    // A POST repeated with the same idempotency key gets the first answer, as Mollie promises.
    const key = req.method === "POST" ? req.headers["idempotency-key"] : undefined;
    const remembered = typeof key === "string" ? idempotent.get(`${url.pathname}\n${key}`) : undefined;
    if (remembered) return send(res, remembered.status, remembered.body);
    try {
      const answer = route(req.method ?? "GET", url.pathname, url.searchParams, body ?? {});
      if (typeof key === "string") idempotent.set(`${url.pathname}\n${key}`, answer);
      send(res, answer.status, answer.body);
    } catch (error) {
      if (!(error instanceof MollieError)) throw error;
      send(res, error.status, errorJson(error));
    }
  }

  const server = createServer(STAND_IN_TLS, (req, res) => {
    handle(req, res).catch((error: unknown) => send(res, 500, errorJson(new MollieError(500, "Internal Server Error", String(error)))));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  acceptSelfSigned();

  function setPayment(id: string, change: Parameters<MollieStandIn["setPayment"]>[1]): StandInPayment {
    const payment = payments.get(id);
    if (!payment) throw new Error(`The stand-in has no payment ${id}`);
    const now = new Date().toISOString();
    const { currency } = payment.amount;
    if (change.status) {
      payment.status = change.status;
      const stamp = { paid: "paidAt", failed: "failedAt", canceled: "canceledAt", expired: "expiredAt", authorized: "authorizedAt" }[change.status as string];
      if (stamp) payment[stamp] = now;
      if (change.status === "paid") {
        payment.method ??= "creditcard";
        payment.amountRefunded ??= money(0, currency);
        payment.amountRemaining ??= payment.amount;
        if (payment.sequenceType === "first" && payment.customerId && !payment.mandateId) {
          const mandate: StandInMandate = { id: `mdt_${token()}`, customerId: payment.customerId, method: mandateMethod(payment.method), status: "valid", details: mandateDetails(payment.method), createdAt: now };
          mandates.set(mandate.id, mandate);
          payment.mandateId = mandate.id;
        }
      }
    }
    if (change.refunded !== undefined) {
      payment.amountRefunded = { currency, value: change.refunded };
      payment.amountRemaining = money(cents(payment.amount.value) - cents(change.refunded), currency);
    }
    if (change.chargedBack !== undefined) payment.amountChargedBack = { currency, value: change.chargedBack };
    if (change.settlement !== undefined) payment.settlementAmount = { currency, value: change.settlement };
    if (change.details) payment.details = change.details;
    return payment;
  }

  return {
    url: `${origin}/v2/`,
    apiKey,
    requests,
    methods,
    payments,
    customers,
    mandates,
    setPayment,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
      restoreTls();
    },
  };
}

function mandateMethod(method: string): string {
  return method === "paypal" ? "paypal" : method === "creditcard" ? "creditcard" : "directdebit";
}

/** Details as Mollie gives them on a mandate: card label and last four digits, the PayPal address, or the IBAN. */
function mandateDetails(method: string): Json {
  if (method === "creditcard") return { cardHolder: "T. Tester", cardNumber: "6787", cardLabel: "Mastercard", cardFingerprint: token(), cardExpiryDate: "2030-12-31" };
  if (method === "paypal") return { consumerName: "T. Tester", consumerAccount: "tester@example.com" };
  return { consumerName: "T. Tester", consumerAccount: "NL55INGB0000000000", consumerBic: "INGBNL2A" };
}

const images = (base: string) => ({ size1x: `${base}.png`, size2x: `${base}%402x.png`, svg: `${base}.svg` });

function errorJson(error: MollieError): Json {
  return { status: error.status, title: error.title, detail: error.message, ...(error.field ? { field: error.field } : {}), _links: { documentation: html(`${DOCS}${error.docs}`) } };
}

function send(res: ServerResponse, status: number, body: Json): void {
  res.writeHead(status, { "content-type": "application/hal+json" });
  res.end(JSON.stringify(body));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (text += chunk));
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}
