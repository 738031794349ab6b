import { data as withHeaders, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { removeAndPublish } from "../../server/chat/actions";
import { memberConversation } from "../../server/chat/conversations";
import * as inbox from "../components/chat/inbox.css";
import * as form from "../components/form.css";
import { requireMember } from "../lib/auth.server";
import { accountMeta } from "../lib/meta";

export const handle = { i18n: ["chat"] };
export const meta = accountMeta;

/** /chats (§2): the inbox's list (from the chat layout) with no conversation open yet. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireMember(context, request);
  return withHeaders({ title: context.t("chat:list.title") }, { headers: { "Cache-Control": "private, no-store" } });
}

/** Removing a conversation without JavaScript (§4); with it, the list calls DELETE /api/chat.php. */
export async function action({ request, context }: ActionFunctionArgs) {
  const member = requireMember(context, request);
  const conversationId = Number((await request.formData()).get("conversation"));
  const mine =
    Number.isSafeInteger(conversationId) &&
    conversationId > 0 &&
    (await memberConversation(context.services.store.db, { profileId: member.profileId, conversationId }));
  if (mine) await removeAndPublish(context.services, { member, conversationId });
  return redirect("/chats");
}

/**
 * The pane beside the list from 992 px while no conversation is chosen. It does not open the
 * latest one by itself: opening marks a conversation read (§4), and the other side would see
 * "read" for messages nobody looked at.
 */
export default function NoConversation() {
  const { t } = useTranslation("chat");
  return (
    <section className={inbox.pick} aria-labelledby="inbox-pick">
      <svg className={inbox.pickArt} viewBox="0 0 96 96" aria-hidden="true" focusable="false">
        <path className={inbox.pickBack} d="M30 20h44a12 12 0 0 1 12 12v22a12 12 0 0 1-12 12h-4v12L58 66H30a12 12 0 0 1-12-12V32a12 12 0 0 1 12-12z" />
        <path className={inbox.pickFront} d="M14 36h40a10 10 0 0 1 10 10v20a10 10 0 0 1-10 10H32L20 86V76h-6A10 10 0 0 1 4 66V46a10 10 0 0 1 10-10z" />
        <path className={inbox.pickHeart} d="M34 68c-7-4.8-10-8.6-10-12.4 0-3 2.3-5.2 5-5.2 2.2 0 3.8 1.2 5 3 1.2-1.8 2.8-3 5-3 2.7 0 5 2.2 5 5.2 0 3.8-3 7.6-10 12.4z" />
      </svg>
      <h2 id="inbox-pick" className={inbox.pickTitle}>
        {t("list.pick.title")}
      </h2>
      <p className={inbox.pickText}>{t("list.pick.text")}</p>
      <Link to="/members" className={form.secondaryButton}>
        {t("list.search")}
      </Link>
    </section>
  );
}
