import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { buildApp } from '../app';
import { hashesOf } from './security-headers';

const START = 'import("/assets/app-1.js");';
let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'ctn-csp-'));
  writeFileSync(
    join(webDir, 'index.html'),
    `<!doctype html><title>shell</title><script src="/before-paint.js"></script><script type="module">${START}</script>`,
  );
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'assets', 'app-1.js'), 'console.log(1);');
  t = await createTestApp({}, { webDir });
});
afterAll(() => t.close());

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

function expectHardened(response: LightMyRequestResponse, label: string) {
  const h = response.headers;
  const csp = String(h['content-security-policy']);
  for (const directive of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "img-src 'self' data:",
    "script-src-attr 'none'",
  ])
    expect(csp, `${label}: ${directive}`).toContain(directive);
  expect(csp, label).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
  expect(csp, label).not.toMatch(/script-src[^;]*unsafe/);
  expect(h['x-content-type-options'], label).toBe('nosniff');
  expect(h['referrer-policy'], label).toBe('same-origin');
  expect(h['x-frame-options'], label).toBe('DENY');
  expect(h['strict-transport-security'], label).toBeUndefined();
}

describe('security headers', () => {
  it('are on API answers, failures, 404s, the web app, its assets and the API docs', async () => {
    const answers: [string, LightMyRequestResponse][] = [
      ['health', await get(t.app, '/api/health')],
      ['401', await get(t.app, '/api/users/profile')],
      ['404 api', await get(t.app, '/api/nothing-here')],
      ['400', await t.app.inject({ method: 'POST', url: '/api/users/login', payload: {} })],
      ['page', await get(t.app, '/dashboard')],
      ['asset', await get(t.app, '/assets/app-1.js')],
      ['docs', await get(t.app, '/api/docs')],
      ['docs json', await get(t.app, '/api/docs/json')],
    ];
    for (const [label, response] of answers) expectHardened(response, label);
  });

  it('allow the inline start script of index.html by its hash, and nothing else inline', async () => {
    const csp = String((await get(t.app, '/')).headers['content-security-policy']);
    const hash = createHash('sha256').update(START).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(hashesOf('<script src="/a.js"></script><script>x()</script>')).toBe(
      `'sha256-${createHash('sha256').update('x()').digest('base64')}'`,
    );
  });

  it('follow a rebuilt index.html within a second, without a restart', async () => {
    const next = 'import("/assets/app-2.js");';
    writeFileSync(
      join(webDir, 'index.html'),
      `<!doctype html><script type="module">${next}</script>`,
    );
    await new Promise((r) => setTimeout(r, 1_100));
    const csp = String((await get(t.app, '/api/health')).headers['content-security-policy']);
    expect(csp).toContain(createHash('sha256').update(next).digest('base64'));
  });

  it('add HSTS (a year, subdomains) and upgrade-insecure-requests in production only', async () => {
    const production = await buildApp({
      config: { ...t.config, isProduction: true, devRoutes: false, demoMode: false },
      database: t.database,
      services: t.services,
    });
    try {
      const response = await get(production, '/api/health');
      expect(response.headers['strict-transport-security']).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await production.close();
    }
  });
});

describe('CORS', () => {
  it('is closed when CORS_ORIGINS is empty: no Access-Control headers for any origin', async () => {
    const origin = { origin: 'https://evil.example' };
    const simple = await get(t.app, '/api/health', origin);
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/users/login',
      headers: { ...origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.statusCode).toBe(404);
  });

  it('allows exactly the configured origins, with bearer headers and no credentials', async () => {
    const open = await createTestApp({
      CORS_ORIGINS: 'https://app.example.com,https://admin.example.com/',
    });
    try {
      const preflight = await open.app.inject({
        method: 'OPTIONS',
        url: '/api/users/login',
        headers: {
          origin: 'https://admin.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://admin.example.com');
      expect(String(preflight.headers['access-control-allow-headers'])).toBe(
        'Authorization, Content-Type',
      );
      expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
      const allowed = await get(open.app, '/api/health', { origin: 'https://app.example.com' });
      expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example.com');
      const other = await get(open.app, '/api/health', { origin: 'https://app.example.com.evil' });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await open.close();
    }
  });
});
