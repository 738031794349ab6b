import type { Bus } from "../bus";
import type { PaymentStatus } from "../db/schema";
import type { Logger } from "../log";
import type { ChatMessage } from "./messages";

/**
 * What crosses the bus to a member's open tabs (§2, §9): every event names the member's channel,
 * so an instance hears only the members connected to it.
 */
export type MemberEvent =
  | { type: "message"; message: ChatMessage; unread?: number; credits?: number }
  | { type: "typing"; conversation_id: number; profile_id: number }
  | { type: "read"; conversation_id: number; read_through: number }
  | { type: "removed"; conversation_id: number }
  | { type: "counts"; unread_messages?: number; new_likes?: number; credits?: number }
  /** A payment of this member changed status: the return page, the balance and premium follow it live. */
  | { type: "payment"; payment_id: number; status: PaymentStatus; credits: number; paid_user: boolean }
  /** The stream was cut off from the bus for a while: fetch the counts again. */
  | { type: "resync" }
  /** This tab's stream was closed to make way for the member's newer tab: do not reconnect on its own. */
  | { type: "closed"; reason: "newer_tab" }
  /** Every session of the member was ended (staff banned them, or ended their sessions): each instance closes their streams. */
  | { type: "signed-out" };

export const memberChannel = (profileId: number) => `member:${profileId}`;

/** Past this, a publish is given up: the store has the event and tabs catch up from it. */
const PUBLISH_TIMEOUT_MS = 2_000;

/**
 * Publishes after commit and never fails the action that committed: with the bus down, the tabs
 * catch up when it returns (and the 60 s refresh covers the counts meanwhile).
 */
export function publishToMember(bus: Bus, log: Logger, profileId: number, event: MemberEvent): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`publish took over ${PUBLISH_TIMEOUT_MS} ms`)), PUBLISH_TIMEOUT_MS);
  });
  return Promise.race([bus.publish(memberChannel(profileId), event), timeout])
    .catch((error: Error) => log.warn({ err: error, event: event.type }, "publishing a member event failed; tabs will catch up"))
    .finally(() => clearTimeout(timer));
}
