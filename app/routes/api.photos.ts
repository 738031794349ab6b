import type { ActionFunctionArgs } from "@remix-run/node";
import { authenticationRequired } from "../lib/auth.server";
import { uploadOwnPhoto } from "../lib/profile-photos.server";

/**
 * POST /api/photos: one photo (multipart, field "photo") for the signed-in member's profile. The
 * profile editor sends it with XMLHttpRequest, which reports upload progress where fetch cannot;
 * the answer names the outcome's catalogue key, which the page shows in the visitor's language.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { member } = context;
  if (!member) return authenticationRequired();
  if (request.method !== "POST") return Response.json({ error: "method_not_allowed" }, { status: 405, headers: { Allow: "POST" } });
  const outcome = await uploadOwnPhoto(request, context, member);
  return Response.json(outcome, { status: outcome.ok ? 201 : 422, headers: { "Cache-Control": "no-store" } });
}
