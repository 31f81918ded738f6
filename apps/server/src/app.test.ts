import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { call, createTestApp, latestMail, register, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  const webDir = mkdtempSync(join(tmpdir(), 'ctn-web-'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>app shell</title>');
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'assets', 'app-1a2b.js'), 'console.log("app");');
  writeFileSync(
    join(webDir, 'assets', 'app-1a2b.js.br'),
    brotliCompressSync('console.log("app");'),
  );
  t = await createTestApp({}, { webDir });
  t.app.get('/api/test/boom', async () => {
    throw new Error('connection string postgres://secret@db');
  });
});
afterAll(() => t.close());

describe('the envelope on every answer', () => {
  it('GET /api/health reports the database', async () => {
    const answer = await call(t.app, 'GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      data: {
        status: 'ok',
        database: { status: 'up', driver: expect.stringMatching(/pglite|postgres/) },
      },
    });
  });

  it('hides the details of a server error', async () => {
    const answer = await call(t.app, 'GET', '/api/test/boom');
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({
      success: false,
      message: 'INTERNAL_SERVER_ERROR',
      data: null,
      error: 'Server error, try later.',
      errorCode: 'INTERNAL_SERVER_ERROR',
    });
  });

  it('answers unknown API paths, malformed JSON and oversized bodies with catalogue codes', async () => {
    expect((await call(t.app, 'GET', '/api/nothing-here')).body).toMatchObject({
      errorCode: 'NOT_FOUND',
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ success: false, errorCode: 'BAD_REQUEST' });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'a'.repeat(100_000), password: 'x' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ success: false, errorCode: 'PAYLOAD_TOO_LARGE' });
  });

  it('serves the web app for page paths and never for /api', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/verify-email?token=abc' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('app shell');
    const probe = await t.app.inject({ method: 'HEAD', url: '/dashboard' });
    expect(probe.statusCode).toBe(200);
    expect(probe.headers['content-type']).toContain('text/html');
    expect(probe.body).toBe('');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/users/nope' })).headers['content-type'],
    ).toContain('application/json');
  });

  it('answers a file the build does not have with 404, never with the page', async () => {
    // A tab from before a deploy asks for a chunk of the old build: HTML would be refused as a
    // script with a MIME error; a 404 is a load failure the app can recover from.
    for (const url of ['/assets/old-chunk-9z8y.js', '/assets/gone.css', '/favicon.ico']) {
      const answer = await t.app.inject({ method: 'GET', url });
      expect(answer.statusCode, url).toBe(404);
      expect(answer.headers['content-type'], url).not.toContain('text/html');
    }
  });

  it('sends the pre-compressed twin of an asset to a client that accepts it, cached for a year', async () => {
    const br = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app");');
  });

  it('publishes the OpenAPI document generated from the contracts', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    for (const path of [
      '/api/users/register',
      '/api/users/login',
      '/api/users/profile',
      '/api/users/forgot-password',
      '/api/users/reset-password',
      '/api/users/send-verification-email',
      '/api/users/resend-verification-email',
      '/api/users/verify-email',
      '/api/users/change-password',
      '/api/health',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
    expect(JSON.stringify(doc.paths['/api/users/register'])).toContain('referredByCode');
    expect(doc.paths).not.toHaveProperty(['/dev/mail']);
  });
});

describe('the dev mailbox', () => {
  it('lists and shows every mail with working links', async () => {
    const registered = await register(t);
    const { mail, link } = await latestMail(t, registered.email);
    const list = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(registered.email);
    expect(list.body).toContain(`/dev/mail/${mail.id}`);
    const one = await t.app.inject({ method: 'GET', url: `/dev/mail/${mail.id}` });
    expect(one.body).toContain(`href="${link}"`);
    const json = await call<{ mails: { to: string; links: string[] }[] }>(
      t.app,
      'GET',
      '/dev/api/mail',
    );
    expect(json.body.data!.mails.find((m) => m.to === registered.email)?.links).toEqual([link]);
  });

  it('does not exist in production', async () => {
    const production = await buildApp({
      config: { ...t.config, isProduction: true, devRoutes: false, demoMode: false },
      database: t.database,
      services: t.services,
    });
    try {
      expect((await production.inject({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
      expect((await production.inject({ method: 'GET', url: '/dev/api/mail' })).statusCode).toBe(
        404,
      );
    } finally {
      await production.close();
    }
  });
});
