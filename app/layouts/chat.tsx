import { data as withHeaders, type LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, useParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { ConversationList } from "../components/chat/conversation-list";
import * as styles from "../components/chat/inbox.css";
import { EntryWarning } from "../components/entry-warning";
import { Promotions } from "../components/member/lazy-member-parts";
import { TopNav } from "../components/top-nav";
import { requireMember } from "../lib/auth.server";
import { inboxRows } from "../lib/chat-list.server";
import { idParam } from "../lib/chat-view.server";
import { visitorChatRedirect } from "../lib/chat-visitor.server";
import { showEntryWarning } from "../lib/entry-warning";
import { useLeafRouteId } from "../lib/use-leaf-route-id";
import { useRootData } from "../root";

export const handle = { i18n: ["chat"] };

/** The conversation list beside every chat screen; moving between conversations does not load it again. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  // A visitor on /members/{id}/chat signs up to write (as that route says), elsewhere logs in.
  if (!context.member && params.id && new URL(request.url).pathname.startsWith("/members/")) throw visitorChatRedirect(request, idParam(params.id));
  const member = requireMember(context, request);
  return withHeaders(
    { me: member.profileId, siteName: context.site.name, rows: await inboxRows(context, member) },
    { headers: { "Cache-Control": "private, no-store" } }
  );
}

/**
 * Opening another conversation keeps the list as it is: its rows follow the live events, and the
 * open one reads as read (conversation-list.tsx). A send, a removal or a refresh loads it again.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  !formMethod && currentUrl.pathname !== nextUrl.pathname ? false : defaultShouldRevalidate;

/** Routes of this layout that show one conversation (with a profile, or not yet started). */
const CONVERSATION_ROUTES = new Set(["chats-id", "members-id-chat"]);

/**
 * Chat layout (§2), the inbox: the brand's header and the conversation list, and beside it (from
 * 992 px) or instead of it (on phones) the open conversation. See docs/decisions/030.
 */
export default function ChatLayout() {
  const data = useLoaderData<typeof loader>();
  const root = useRootData();
  const routeId = useLeafRouteId();
  const params = useParams();
  const inConversation = CONVERSATION_ROUTES.has(routeId ?? "");
  const open = routeId === "chats-id" ? Number(params.id) : null;
  return (
    <div className={styles.shell}>
      {root && showEntryWarning("chat", routeId, root.geoipCountry) ? <EntryWarning /> : null}
      <div className={inConversation ? styles.headerInConversation : undefined}>
        <TopNav />
        <Promotions />
      </div>
      <main id="main" className={styles.inbox}>
        <div className={inConversation ? styles.listPaneBeside : styles.listPane}>
          <ConversationList rows={data.rows} me={data.me} siteName={data.siteName} open={open} headingLevel={inConversation ? 2 : 1} />
        </div>
        <div className={inConversation ? styles.conversationPane : styles.pickPane}>
          <Outlet />
        </div>
      </main>
    </div>
  );
}
