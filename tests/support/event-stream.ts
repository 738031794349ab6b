import { request as httpRequest, type ClientRequest, type IncomingMessage } from "node:http";
import { request as httpsRequest } from "node:https";
import { performance } from "node:perf_hooks";

/** One dispatched server-sent event, as an EventSource hands it to its listeners. */
export type StreamEvent = { event: string; data: string; lastEventId: string; receivedAt: number; connection: number };

type Field = { event?: string; data?: string; id?: string; retry?: number; dispatch?: true };

/**
 * The server-sent events parser of the HTML standard, fed chunks as they arrive: lines end in
 * CR, LF or CRLF (a CR may end one chunk and its LF start the next), ':' starts a comment, and a
 * blank line dispatches the event gathered so far.
 */
export class EventStreamParser {
  private buffer = "";
  private pendingCr = false;
  private data: string[] = [];
  private eventType = "";
  /** The last event ID buffer: kept across events and connections, sent back as Last-Event-ID. */
  lastEventId = "";

  constructor(
    private readonly onEvent: (event: { event: string; data: string; lastEventId: string }) => void,
    private readonly onRetry: (ms: number) => void = () => {}
  ) {}

  feed(chunk: string): void {
    let text = chunk;
    if (this.pendingCr && text.startsWith("\n")) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    let start = 0;
    for (let index = 0; index < this.buffer.length; index += 1) {
      const char = this.buffer[index];
      if (char !== "\n" && char !== "\r") continue;
      this.line(this.buffer.slice(start, index));
      if (char === "\r") {
        if (index + 1 === this.buffer.length) this.pendingCr = true;
        else if (this.buffer[index + 1] === "\n") index += 1;
      }
      start = index + 1;
    }
    this.buffer = this.buffer.slice(start);
  }

  /** A new connection: whatever half-read event the old one left is dropped (the id stays). */
  reset(): void {
    this.buffer = "";
    this.pendingCr = false;
    this.data = [];
    this.eventType = "";
  }

  private line(line: string): void {
    const field = parseLine(line);
    if (field.dispatch) {
      if (this.data.length > 0) this.onEvent({ event: this.eventType || "message", data: this.data.join("\n"), lastEventId: this.lastEventId });
      this.data = [];
      this.eventType = "";
      return;
    }
    if (field.event !== undefined) this.eventType = field.event;
    if (field.data !== undefined) this.data.push(field.data);
    if (field.id !== undefined) this.lastEventId = field.id;
    if (field.retry !== undefined) this.onRetry(field.retry);
  }
}

function parseLine(line: string): Field {
  if (line === "") return { dispatch: true };
  if (line.startsWith(":")) return {};
  const colon = line.indexOf(":");
  const name = colon === -1 ? line : line.slice(0, colon);
  let value = colon === -1 ? "" : line.slice(colon + 1);
  if (value.startsWith(" ")) value = value.slice(1);
  if (name === "event") return { event: value };
  if (name === "data") return { data: value };
  if (name === "id") return value.includes("\0") ? {} : { id: value };
  if (name === "retry") return /^\d+$/.test(value) ? { retry: Number(value) } : {};
  return {};
}

export type EventStreamOptions = {
  port: number;
  /** The Host header, which names the brand (`flirt-nl.localhost:<port>`). */
  host: string;
  path?: string;
  headers?: Record<string, string>;
  /** Where a reconnect starts, as if an earlier stream had ended there. */
  lastEventId?: string;
  /** Overrides the stream's `retry:` delay (tests that cannot wait 3 s); else the server's, 3 s before it says. */
  retryMs?: number;
  /** HTTPS (through the proxy), trusting this CA: the host's name goes in the handshake too. */
  tls?: { ca: Buffer };
  onEvent?: (event: StreamEvent) => void;
};

/**
 * A test stand-in for the browser's EventSource over node:http (fetch may not set Host): it reads
 * the stream as it comes, and when the stream ends or fails it reconnects after the `retry`
 * delay, sending Last-Event-ID. Unlike EventSource it also retries a non-200 answer (a 503 while
 * the bus is down), as the chat screens reopen their stream.
 */
export class EventStream {
  readonly events: StreamEvent[] = [];
  /** Connections made so far; the first is 1. */
  connections = 0;
  /** Statuses of the answers, in order. */
  readonly statuses: number[] = [];
  private retryMs: number;
  private readonly parser: EventStreamParser;
  private request: ClientRequest | undefined;
  private response: IncomingMessage | undefined;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private waiters = new Set<() => void>();
  private openListeners: (() => void)[] = [];

  constructor(private readonly options: EventStreamOptions) {
    this.retryMs = options.retryMs ?? 3_000;
    this.parser = new EventStreamParser(
      (event) => {
        const received: StreamEvent = { ...event, receivedAt: performance.now(), connection: this.connections };
        this.events.push(received);
        options.onEvent?.(received);
        for (const waiter of this.waiters) waiter();
      },
      (ms) => {
        if (options.retryMs === undefined) this.retryMs = ms;
      }
    );
    if (options.lastEventId) this.parser.lastEventId = options.lastEventId;
    this.connect();
  }

  get lastEventId(): string {
    return this.parser.lastEventId;
  }

  /** The delay before the next reconnect: the server's last `retry:`, unless the test set its own. */
  get reconnectDelayMs(): number {
    return this.retryMs;
  }

  /** The chat messages received, in order, parsed. */
  messages<T = { id: number; body: string; client_id: string | null }>(): { message: T; unread?: number; credits?: number }[] {
    return this.events.filter((event) => event.event === "message").map((event) => JSON.parse(event.data) as { message: T; unread?: number; credits?: number });
  }

  /** Resolves when the current connection has answered 200 (its `retry:` frame may not be read yet). */
  opened(timeoutMs = 10_000): Promise<void> {
    if (this.response?.statusCode === 200 && !this.response.closed) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`the event stream did not open in ${timeoutMs} ms`)), timeoutMs);
      this.openListeners.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Waits until `check` holds for the events received (checked on each event and every 50 ms). */
  async until(check: (events: StreamEvent[]) => boolean, { timeoutMs = 10_000, what = "the expected events" } = {}): Promise<void> {
    if (check(this.events)) return;
    await new Promise<void>((resolve, reject) => {
      const done = () => {
        if (!check(this.events)) return;
        cleanup();
        resolve();
      };
      const poll = setInterval(done, 50);
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${what} did not arrive in ${timeoutMs} ms (${this.events.length} events so far)`));
      }, timeoutMs);
      const cleanup = () => {
        clearInterval(poll);
        clearTimeout(timer);
        this.waiters.delete(done);
      };
      this.waiters.add(done);
    });
  }

  /** Cuts the connection as a network failure would: the stream reconnects after its delay. */
  drop(): void {
    this.request?.destroy();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.request?.destroy();
  }

  private connect(): void {
    if (this.closed) return;
    this.connections += 1;
    this.parser.reset();
    const headers: Record<string, string> = { host: this.options.host, accept: "text/event-stream", "cache-control": "no-store", ...this.options.headers };
    if (this.parser.lastEventId) headers["last-event-id"] = this.parser.lastEventId;
    let retried = false;
    const retry = () => {
      if (retried || this.closed) return;
      retried = true;
      this.response = undefined;
      this.timer = setTimeout(() => this.connect(), this.retryMs);
    };
    const target = { host: "127.0.0.1", port: this.options.port, path: this.options.path ?? "/api/events", headers, agent: false } as const;
    const onResponse = (response: IncomingMessage) => {
      this.statuses.push(response.statusCode ?? 0);
      response.on("error", retry);
      response.on("close", retry);
      if (response.statusCode !== 200 || !String(response.headers["content-type"]).startsWith("text/event-stream")) {
        response.resume();
        return;
      }
      this.response = response;
      for (const listener of this.openListeners.splice(0)) listener();
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => this.parser.feed(chunk));
    };
    const { tls } = this.options;
    const servername = this.options.host.replace(/:\d+$/, "");
    const request = tls ? httpsRequest({ ...target, ca: tls.ca, servername }, onResponse) : httpRequest(target, onResponse);
    request.on("error", retry);
    request.end();
    this.request = request;
  }
}
