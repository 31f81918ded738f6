import type { Server } from 'node:http';
import { Socket } from 'node:net';
import {
  CONNECTION,
  CONNECTION_CLOSED,
  isMessage,
  WORKER_CLOSING,
  WORKER_READY,
} from '../lib/worker-messages';

/** A worker's side of the primary's hand-out (primary.ts). */
export interface HandedConnections {
  /** Tells the primary to start handing this worker connections. */
  ready(): void;
  /**
   * Tells the primary to hand no more; resolves once every connection handed has closed (the
   * server's close ends the idle ones, the busy ones close after their answer, request-id.ts).
   */
  close(): Promise<void>;
}

/**
 * Serves on `server`, which never listens itself, the connections the primary hands this worker,
 * and tells the primary when each one closes, so it can hand the next to the least busy worker.
 */
export function serveHandedConnections(server: Server): HandedConnections {
  // What `listen` does to an HTTP server besides listening: track its connections, which is what
  // closes the idle ones on close and enforces headersTimeout and requestTimeout.
  server.emit('listening');
  const open = new Set<Socket>();
  let closing = false;
  let drained: (() => void) | undefined;
  const tell = (type: string) => {
    if (process.connected) process.send?.({ type });
  };
  process.on('message', (message: unknown, handle: unknown) => {
    if (!isMessage(message, CONNECTION) || !(handle instanceof Socket)) return;
    if (closing) {
      // Handed in the moment this worker said it was closing: as if refused, so a proxy retries.
      handle.destroy();
      tell(CONNECTION_CLOSED);
      return;
    }
    open.add(handle);
    handle.once('close', () => {
      open.delete(handle);
      tell(CONNECTION_CLOSED);
      if (closing && open.size === 0) drained?.();
    });
    server.emit('connection', handle);
  });
  return {
    ready: () => tell(WORKER_READY),
    close() {
      closing = true;
      tell(WORKER_CLOSING);
      if (open.size === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        drained = resolve;
      });
    },
  };
}
