import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { WebhookDelivery } from "../../server/payments/provider";

/**
 * /payments/webhook/:provider: where the brand's payment provider reports status changes, server
 * to server (POST; Verotel's postback is a GET). The one place webhook signatures are checked
 * (docs/security.md). Answers are plain text and never cached: a provider retries what is not 200.
 */
async function deliver({ request, params, context }: LoaderFunctionArgs | ActionFunctionArgs): Promise<Response> {
  const headers = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };
  if (request.method !== "GET" && request.method !== "POST") return new Response("method_not_allowed", { status: 405, headers: { ...headers, Allow: "GET, POST" } });
  const delivery: WebhookDelivery = {
    method: request.method,
    // The exact bytes as sent: a signature is over them, not over a parsed and re-encoded form.
    body: request.method === "POST" ? await request.text() : "",
    query: new URL(request.url).searchParams,
    header: (name) => request.headers.get(name),
  };
  try {
    const answer = await context.services.payments.receive({ services: context.services, site: context.site, providerName: params.provider ?? "", delivery, log: context.log });
    return new Response(answer.body, { status: answer.status, headers });
  } catch (error) {
    // The store or the provider failed us: a 5xx makes the provider deliver again later.
    context.log.error({ err: error, provider: params.provider }, "payment webhook failed");
    return new Response("error", { status: 500, headers });
  }
}

export const loader = deliver;
export const action = deliver;
