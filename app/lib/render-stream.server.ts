import { Writable } from "node:stream";

/**
 * Where React's server renderer pipes a page, and the body Remix sends. React writes what it has
 * ready in 2 KiB pieces, all of one flush in one go: each piece used to become a chunk of the
 * response stream, with a read, a promise and a scheduling step of its own (about 36 for a member's
 * page). Here the pieces of one flush are joined and handed on as one chunk, once the flush is over;
 * a page that suspends still streams, a chunk per flush.
 */
export function renderStream(onEnd: () => void): { destination: Writable; body: ReadableStream<Uint8Array> } {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    start: (given) => void (controller = given),
    // The visitor went away: React stops rendering (it aborts when its destination closes).
    cancel: () => {
      open = false;
      destination.destroy();
    },
  });
  let pieces: Buffer[] = [];
  let size = 0;
  const handOn = () => {
    if (size === 0 || !open) return;
    controller.enqueue(pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces, size));
    pieces = [];
    size = 0;
  };
  const destination = new Writable({
    write(piece: Buffer, _encoding, done) {
      // The first piece of a flush: the rest follow before this runs.
      if (size === 0) queueMicrotask(handOn);
      pieces.push(piece);
      size += piece.byteLength;
      done();
    },
    final(done) {
      handOn();
      if (open) controller.close();
      open = false;
      onEnd();
      done();
    },
    destroy(error, done) {
      if (open && error) controller.error(error);
      open = false;
      onEnd();
      done(error);
    },
  });
  return { destination, body };
}
