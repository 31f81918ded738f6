import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const YEAR_SECONDS = 365 * 24 * 3600;

/** The Content-Security-Policy; `scriptHashes` are the inline scripts of the built index.html. */
function contentSecurityPolicy(config: Config, scriptHashes: string): string {
  return [
    "default-src 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    `script-src 'self'${scriptHashes ? ` ${scriptHashes}` : ''}`,
    "script-src-attr 'none'",
    // React renders style attributes into the pre-rendered landing page (the hero chart), and
    // Radix dialogs add a <style> element to lock scrolling: both are inline. Styles cannot run
    // code, and what CSS could leak (url(...) loads) goes nowhere but this origin.
    "style-src 'self' 'unsafe-inline'",
    // QR codes of deposit addresses are SVG data: URLs made in the browser (deposit-qr-code.tsx).
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    ...(config.isProduction ? ['upgrade-insecure-requests'] : []),
  ].join(';');
}

/**
 * The security headers of every answer (what helmet set before, header for header), built once
 * and again only when the built index.html changes: per answer they are one object handed to
 * the reply, not a dozen computed values (docs/performance.md, "Load").
 */
function securityHeaders(config: Config, scriptHashes: string): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config, scriptHashes),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    // Referral codes (/ref/CODE, ?ref=) and one-time reset and verification tokens (?token=)
    // sit in our URLs. Same-origin requests keep the full referrer (it goes to us anyway, and
    // Origin stays a real origin on our own POSTs, which "no-referrer" would turn into "null");
    // other sites (BingX, Telegram, explorers) get no Referer at all, not even our origin.
    'referrer-policy': 'same-origin',
    ...(config.isProduction
      ? { 'strict-transport-security': `max-age=${YEAR_SECONDS}; includeSubDomains` }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  webDir: string | null,
): Promise<void> {
  const scriptHashes = inlineScriptHashes(webDir);
  let hashes = scriptHashes();
  let headers = securityHeaders(config, hashes);
  app.addHook('onRequest', (_request, reply, done) => {
    // A rebuilt index.html needs no restart: the hashes are checked at most once a second.
    const now = scriptHashes();
    if (now !== hashes) {
      hashes = now;
      headers = securityHeaders(config, hashes);
    }
    reply.headers(headers);
    done();
  });

  // No origins configured: the web app is served by this same origin and needs no CORS; a
  // cross-origin page gets no Access-Control-* headers, so browsers keep its scripts out.
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, {
      origin: config.corsOrigins,
      methods: ['GET', 'POST', 'PUT', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['Content-Disposition', 'Retry-After'],
      // Sessions are bearer tokens, never cookies: nothing ambient to send.
      credentials: false,
      maxAge: 600,
    });
  }
}

/**
 * 'sha256-…' of each inline <script> in the built index.html, re-read when the file changes
 * (looked at once a second at most: this runs for every answer); '' when there is none (tests,
 * API only).
 */
function inlineScriptHashes(webDir: string | null): () => string {
  if (webDir === null) return () => '';
  const path = join(webDir, 'index.html');
  let seen = -1;
  let checkedAt = -Infinity;
  let value = '';
  return () => {
    const now = performance.now();
    if (now - checkedAt < 1_000) return value;
    checkedAt = now;
    let mtime: number;
    try {
      mtime = statSync(path).mtimeMs;
    } catch {
      return '';
    }
    if (mtime !== seen) {
      seen = mtime;
      value = hashesOf(readFileSync(path, 'utf8'));
    }
    return value;
  };
}

/** The CSP source of each inline script (a <script> without src) of `html`. */
export function hashesOf(html: string): string {
  const inline = html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi);
  const sha256 = (text: string) => createHash('sha256').update(text).digest('base64');
  return [...inline].map((m) => `'sha256-${sha256(m[1] ?? '')}'`).join(' ');
}
