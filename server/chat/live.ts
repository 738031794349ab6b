import type { Kysely } from "kysely";
import type { Bus, Unsubscribe } from "../bus";
import type { Database } from "../db/schema";
import type { Logger } from "../log";
import type { Site } from "../sites/schema";
import { memberChannel, type MemberEvent } from "./events";
import { messagesSince, type ChatMessage, type MessageRow } from "./messages";

/** One open tab's event stream (§2 real-time): what the hub writes to it. */
export type Tab = {
  profileId: number;
  /** The tab's brand: its chat history limit bounds what a catch-up sends. */
  site: Pick<Site, "chat_history_days">;
  /** Writes one server-sent event frame. */
  write: (frame: string) => void;
  /** A stored message as this tab's site shows it (its CDN prefix). */
  toMessage: (row: MessageRow) => ChatMessage;
  /** Ends the stream (the instance is stopping). */
  end: () => void;
};

type TabState = Tab & {
  lastMessageId: number;
  sent: Set<number>;
  /**
   * The last message id the tab had when the bus went down: the catch-up starts there, not at
   * lastMessageId, which messages published right after the reconnect may already have moved past.
   */
  resumeFrom?: number;
};

/**
 * How many event streams one member keeps open (tabs, devices), and this instance altogether. Past
 * the first, a member's oldest stream makes way for the new one; past the second, a new stream is
 * refused until one ends. The chat bench holds 500 streams per instance: keep well above that.
 */
export type StreamLimits = { perMember: number; perInstance: number };
export const DEFAULT_STREAM_LIMITS: StreamLimits = { perMember: 10, perInstance: 5_000 };

/**
 * What a stream closed for a newer one hears last: a long retry (so even a client that does not
 * know the event waits an hour before it reconnects) and an event telling it not to reconnect.
 * Without it two tabs over the limit would take each other's place forever.
 */
export const MADE_WAY_FRAME = `retry: 3600000\n\n${eventFrame({ type: "closed", reason: "newer_tab" })}`;

/**
 * What a stream hears last when its instance stops (a deploy): come back soon, to whichever
 * instance the proxy picks, with Last-Event-ID as always. The delay is spread over a second and
 * a half so that thousands of tabs do not all arrive at the other instances in the same instant.
 */
export function reconnectFrame(random = Math.random()): string {
  return `retry: ${RECONNECT_MIN_MS + Math.floor(random * RECONNECT_SPREAD_MS)}\n\n`;
}
const RECONNECT_MIN_MS = 500;
const RECONNECT_SPREAD_MS = 1_500;

export type Connection = { connected: true; disconnect: () => void } | { connected: false; reason: "instance_full" };

/** Message ids a tab remembers having had, so a catch-up never shows one twice. */
const REMEMBERED_IDS = 500;
/** ioredis has sent its SUBSCRIBE commands by "ready"; give them a moment to take effect. */
const RESUBSCRIBE_GRACE_MS = 250;

/** A server-sent event frame; messages carry their id, so a reconnecting EventSource says where it was. */
export function eventFrame(event: MemberEvent): string {
  const id = event.type === "message" ? `id: ${event.message.id}\n` : "";
  return `${id}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/**
 * Fans the bus out to the tabs connected to this instance: one bus subscription per member with
 * tabs here, however many tabs they have. A tab that reconnects with its last message id, and every
 * tab after the bus itself reconnects, gets what it missed from the store (committed first, §4).
 */
export function createLiveHub({ bus, db, log, limits = DEFAULT_STREAM_LIMITS }: { bus: Bus; db: Kysely<Database>; log: Logger; limits?: StreamLimits }) {
  const members = new Map<number, MemberTabs>();
  /** Streams connected or connecting here: counted from the first moment, so a burst cannot pass the cap. */
  let streams = 0;

  /** Forgets a tab (once); the member's bus subscription goes with their last tab. */
  const forget = (entry: MemberTabs, state: TabState) => {
    if (!entry.tabs.delete(state)) return;
    streams -= 1;
    if (entry.tabs.size === 0 && members.get(state.profileId) === entry) {
      members.delete(state.profileId);
      void entry.subscribed.then((unsubscribe) => unsubscribe()).catch(() => undefined);
    }
  };

  const deliver = (tab: TabState, event: MemberEvent) => {
    if (event.type === "message") {
      if (tab.sent.has(event.message.id)) return;
      tab.sent.add(event.message.id);
      if (tab.sent.size > REMEMBERED_IDS) tab.sent.delete(tab.sent.values().next().value as number);
      tab.lastMessageId = Math.max(tab.lastMessageId, event.message.id);
    }
    tab.write(eventFrame(event));
  };

  /**
   * Ends the streams of a member whose sessions are gone: nothing more reaches them live. Each tab
   * is told to resync first, so its page asks for the member's status, finds them signed out, and reloads.
   */
  const endTabs = (entry: MemberTabs) => {
    for (const tab of [...entry.tabs]) {
      forget(entry, tab);
      tab.write(eventFrame({ type: "resync" }));
      tab.end();
    }
  };

  const catchUp = async (tab: TabState, since = tab.lastMessageId) => {
    const rows = await messagesSince(db, { site: tab.site, profileId: tab.profileId, since });
    for (const row of rows) deliver(tab, { type: "message", message: tab.toMessage(row) });
  };

  let busDown = false;
  const stopDisconnects = bus.onDisconnect(() => {
    busDown = true;
    for (const { tabs } of members.values()) for (const tab of tabs) tab.resumeFrom ??= tab.lastMessageId;
  });
  const stopReconnects = bus.onReconnect(() => {
    busDown = false;
    setTimeout(() => {
      for (const { tabs } of members.values()) {
        for (const tab of tabs) {
          const since = tab.resumeFrom ?? tab.lastMessageId;
          tab.resumeFrom = undefined;
          void catchUp(tab, since)
            .then(() => deliver(tab, { type: "resync" }))
            .catch((error: Error) => {
              // The next reconnect tries again from the same place.
              tab.resumeFrom ??= since;
              log.warn({ err: error }, "catching a tab up failed");
            });
        }
      }
    }, RESUBSCRIBE_GRACE_MS).unref();
  });

  return {
    /**
     * Connects a tab. `since` is the last message id it had (Last-Event-ID); a new tab starts from
     * now. Answers the function that disconnects it, or that the instance is full. A member's
     * oldest tab over their limit is told why and closed.
     */
    async connect(tab: Tab, since?: number): Promise<Connection> {
      if (streams >= limits.perInstance) return { connected: false, reason: "instance_full" };
      streams += 1;
      let start: number;
      try {
        start = since ?? (await newestMessageId(db));
      } catch (error) {
        streams -= 1;
        throw error;
      }
      const state: TabState = { ...tab, lastMessageId: start, sent: new Set(), resumeFrom: busDown ? start : undefined };
      let member = members.get(tab.profileId);
      if (!member) {
        const tabs = new Set<TabState>();
        const subscribed = bus.subscribe(memberChannel(tab.profileId), (event) => {
          if ((event as MemberEvent).type === "signed-out") return endTabs(member!);
          for (const each of tabs) deliver(each, event as MemberEvent);
        });
        member = { tabs, subscribed };
        members.set(tab.profileId, member);
      }
      member.tabs.add(state);
      const entry = member;
      for (const oldest of entry.tabs) {
        if (entry.tabs.size <= limits.perMember) break;
        forget(entry, oldest);
        oldest.write(MADE_WAY_FRAME);
        oldest.end();
      }
      try {
        await entry.subscribed;
      } catch (error) {
        // The bus is down: forget the failed subscription, so the tab's retry subscribes afresh.
        forget(entry, state);
        if (members.get(tab.profileId) === entry) members.delete(tab.profileId);
        throw error;
      }
      if (since !== undefined) await catchUp(state);
      return { connected: true, disconnect: () => forget(entry, state) };
    },
    /** Tabs connected here, for the readiness probe and the benchmark. */
    get tabCount() {
      let count = 0;
      for (const { tabs } of members.values()) count += tabs.size;
      return count;
    },
    /** Ends every stream, telling each to reconnect (the instance is stopping). */
    close() {
      stopReconnects();
      stopDisconnects();
      for (const { tabs } of members.values()) {
        for (const tab of tabs) {
          tab.write(reconnectFrame());
          tab.end();
        }
      }
      members.clear();
      streams = 0;
    },
  };
}

export type LiveHub = ReturnType<typeof createLiveHub>;

type MemberTabs = { tabs: Set<TabState>; subscribed: Promise<Unsubscribe> };

async function newestMessageId(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom("messages").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
  return Number(row?.id ?? 0);
}
