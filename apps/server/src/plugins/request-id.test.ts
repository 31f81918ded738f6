import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { ok } from '../lib/envelope';
import { pino } from 'pino';
import { serverLogger } from '../lib/log-options';
import { requestIdOf } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The app's JSON log lines, as production writes them. */
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() !== '') logLines.push(JSON.parse(line) as Record<string, unknown>);
    }
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  // Request lines are production's default; elsewhere REQUEST_LOGS=1 asks for them.
  t = await createTestApp({ REQUEST_LOGS: '1' }, { logger: pino({ level: 'info' }, logStream) });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress: '127.0.0.1' });

describe('request ids', () => {
  it('gives a request without one a new UUID, echoed as x-request-id', async () => {
    const first = await get('/api/health');
    const second = await get('/api/health');
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it("keeps a reverse proxy's sane id", async () => {
    for (const id of ['a', 'edge-01HZX.req_42', 'f'.repeat(64), crypto.randomUUID()]) {
      expect((await get('/api/health', { 'x-request-id': id })).headers['x-request-id']).toBe(id);
    }
  });

  it('replaces an id that is too long or carries other characters', async () => {
    for (const id of ['f'.repeat(65), 'two words', 'semi;colon', 'quote"d', '{"json":1}']) {
      const answered = (await get('/api/health', { 'x-request-id': id })).headers['x-request-id'];
      expect(answered, id).toMatch(UUID);
    }
    // Headers repeated by a client arrive as a list: not one id.
    expect(requestIdOf(['a', 'b'])).toMatch(UUID);
    expect(requestIdOf(undefined)).toMatch(UUID);
    expect(requestIdOf('')).toMatch(UUID);
  });

  it('is on every answer: not found, refused, invalid', async () => {
    const lost = await get('/api/no-such-route', { 'x-request-id': 'lost-1' });
    expect(lost.statusCode).toBe(404);
    expect(lost.headers['x-request-id']).toBe('lost-1');
    const refused = await get('/api/users/profile', { 'x-request-id': 'refused-1' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['x-request-id']).toBe('refused-1');
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'x-request-id': 'invalid-1' },
      payload: { email: 'not an email' },
      remoteAddress: '127.0.0.1',
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['x-request-id']).toBe('invalid-1');
  });

  it("is the reqId of the request's log lines", async () => {
    await get('/api/no-such-route', { 'x-request-id': 'logged-1' });
    const lines = logLines.filter((l) => l['reqId'] === 'logged-1');
    expect(lines.map((l) => l['msg'])).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    expect(lines.find((l) => l['msg'] === 'request completed')).toMatchObject({
      res: { statusCode: 404 },
    });
  });
});

describe('the lines of a request and of services', () => {
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      raw.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((l) => l.trim() !== ''),
      );
      done();
    },
  });
  let s: TestApp;
  beforeAll(async () => {
    s = await createTestApp(
      { REQUEST_LOGS: '1' },
      { logger: serverLogger({ logLevel: 'info', isProduction: false }, false, stream) },
    );
    // Logs through the app's logger, as a service does: it knows nothing of the request.
    s.app.get('/api/test-service-log', async () => {
      await new Promise((r) => setTimeout(r, 5));
      s.app.log.warn({ step: 'service' }, 'service line');
      return ok(null);
    });
    // A query that fails with what a member typed as its parameter.
    s.app.get('/api/test-failed-query', async () => {
      await s.database.db.execute(sql`select ${'0xS3CRET-PARAM'}::int`);
      return ok(null);
    });
  });
  afterAll(() => s.close());

  it("writes the reqId once on the request's lines, and none on what services log (decision 026)", async () => {
    await s.app.inject({ url: '/api/test-service-log', headers: { 'x-request-id': 'svc-1' } });
    const serviceLine = raw.find((l) => l.includes('"step":"service"'))!;
    expect(JSON.parse(serviceLine)).not.toHaveProperty('reqId');
    const completed = raw.find((l) => l.includes('request completed') && l.includes('svc-1'))!;
    expect(completed.match(/"reqId"/g)).toHaveLength(1);
  });

  it('never writes the secret of a verify or reset link to the log', async () => {
    await s.app.inject({ url: '/reset-password?token=s3cr3t-reset-token&next=1' });
    await s.app.inject({ url: '/verify-email?foo=1&TOKEN=s3cr3t-verify-token' });
    const lines = raw.filter((l) => l.includes('reset-password') || l.includes('verify-email'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(raw.join('\n')).not.toContain('s3cr3t');
    expect(lines.join('\n')).toContain('token=[redacted]&next=1');
  });

  it('never writes the parameters of a failed query to the log', async () => {
    const answer = await s.app.inject({ url: '/api/test-failed-query' });
    expect(answer.statusCode).toBe(500);
    const logged = raw.find((l) => l.includes('unhandled error') && l.includes('Failed query'));
    expect(logged).toBeDefined();
    expect(logged).toContain('params: [redacted]');
    expect(raw.join('\n')).not.toContain('S3CRET');
  });
});

/** One raw HTTP/1.1 exchange on a socket: the status, headers and body of the answer. */
async function answerOn(socket: net.Socket) {
  let raw = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (raw += chunk));
  await once(socket, 'close');
  const [head = '', body = ''] = raw.split('\r\n\r\n');
  const [statusLine = '', ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((l) => [
      l.slice(0, l.indexOf(':')).toLowerCase(),
      l.slice(l.indexOf(':') + 1).trim(),
    ]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body };
}

describe('closing', () => {
  it('finishes the request in flight, refuses new ones with a 503 envelope, and does not wait for keep-alive', async () => {
    const closing = await createTestApp();
    let entered!: () => void;
    const inHandler = new Promise<void>((resolve) => (entered = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // A request that is still being worked on when the close begins.
    closing.app.get('/test/slow', async () => {
      entered();
      await gate;
      return ok({ finished: true });
    });
    await closing.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = closing.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true });
    try {
      const slow = new Promise<{ status: number; connection?: string; body: string }>(
        (resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port, path: '/test/slow', agent }, (res) => {
              let body = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => (body += chunk));
              res.on('end', () =>
                resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
              );
            })
            .on('error', reject);
        },
      );
      await inHandler;
      // A request the server has begun to read (a proxy reusing its connection) ...
      const late = net.connect(port, '127.0.0.1');
      await once(late, 'connect');
      late.write('GET /api/health HTTP/1.1\r\nHost: app.test\r\nX-Request-Id: late-1\r\n');
      const lateAnswer = answerOn(late);
      await new Promise((resolve) => setTimeout(resolve, 50));

      const started = Date.now();
      const closed = closing.app.close();
      await new Promise((resolve) => setTimeout(resolve, 100));
      // ... completed once the close has begun: refused in the envelope, nothing done for it.
      late.write('\r\n');
      const refused = await lateAnswer;
      expect(refused.status).toBe(503);
      expect(refused.headers['connection']).toBe('close');
      expect(refused.headers['x-request-id']).toBe('late-1');
      expect(JSON.parse(refused.body)).toMatchObject({
        success: false,
        errorCode: 'SERVICE_UNAVAILABLE',
      });
      // No new connection is accepted.
      const fresh = net.connect(port, '127.0.0.1');
      const [err] = (await once(fresh, 'error')) as [NodeJS.ErrnoException];
      expect(err.code).toBe('ECONNREFUSED');

      release();
      const finished = await slow;
      expect(finished.status).toBe(200);
      expect(JSON.parse(finished.body)).toMatchObject({ data: { finished: true } });
      // The answer closes its keep-alive connection, so the close need not wait 72 s for it.
      expect(finished.connection).toBe('close');
      await closed;
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      release();
      agent.destroy();
      await closing.close();
    }
  });
});
