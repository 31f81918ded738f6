import { randomUUID } from 'node:crypto';

/** A worker asks the primary for the metrics of every worker, summed (plugins/metrics.ts). */
export const METRICS_REQUEST = 'ctn:metrics';

/** The primary hands a worker a connection, the socket attached (cluster/primary.ts). */
export const CONNECTION = 'ctn:connection';
/** A worker says one of the connections it was handed has closed. */
export const CONNECTION_CLOSED = 'ctn:connection-closed';
/** A worker is ready to serve connections (its app, database and jobs are up). */
export const WORKER_READY = 'ctn:ready';
/** A worker is shutting down: hand it no more connections. */
export const WORKER_CLOSING = 'ctn:closing';

/** Whether an IPC message is of type `type`. */
export const isMessage = (message: unknown, type: string): boolean =>
  typeof message === 'object' && message !== null && (message as { type?: unknown }).type === type;

interface Request {
  type: string;
  id: string;
  body: unknown;
}
interface Answer {
  type: 'ctn:answer';
  id: string;
  result?: unknown;
  error?: string;
}

const isAnswer = (m: unknown): m is Answer => isMessage(m, 'ctn:answer');

/** Asks the primary of a node:cluster a question over IPC; refused after `timeoutMs`. */
export function askPrimary<T>(type: string, body: unknown, timeoutMs = 5_000): Promise<T> {
  const send = process.send?.bind(process);
  if (!send) return Promise.reject(new Error('not a cluster worker'));
  const id = randomUUID();
  return new Promise<T>((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!isAnswer(message) || message.id !== id) return;
      done();
      if (message.error !== undefined) reject(new Error(message.error));
      else resolve(message.result as T);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`the primary did not answer ${type} within ${timeoutMs} ms`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      process.off('message', onMessage);
    };
    process.on('message', onMessage);
    send({ type, id, body } satisfies Request);
  });
}

/** The primary's side: answers the questions of type `type` its workers send. */
export function answerWorkers(
  worker: {
    send(message: Answer): unknown;
    on(event: 'message', fn: (m: unknown) => void): unknown;
  },
  type: string,
  handle: (body: unknown) => Promise<unknown>,
): void {
  worker.on('message', (message) => {
    const m = message as Partial<Request>;
    if (m?.type !== type || typeof m.id !== 'string') return;
    const id = m.id;
    handle(m.body).then(
      (result) => worker.send({ type: 'ctn:answer', id, result }),
      (err: unknown) => worker.send({ type: 'ctn:answer', id, error: String(err) }),
    );
  });
}
