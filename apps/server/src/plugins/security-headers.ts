import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCors from '@fastify/cors';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The policy of every answer the app serves (docs/security.md, "Browser"). Only same-origin code
 * runs: the app's scripts are files; the one inline script is the start script the web build
 * writes into index.html (apps/web/vite.config.ts), allowed by its hash, nothing else.
 */
function contentSecurityPolicy(
  config: Config,
  inlineScriptHashes: () => string = () => '',
): Record<string, (string | (() => string))[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'none'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    // A function: helmet evaluates it per answer, so a rebuilt index.html needs no restart.
    'script-src': ["'self'", inlineScriptHashes],
    'script-src-attr': ["'none'"],
    // React renders style attributes into the pre-rendered landing page (the hero chart), and
    // Radix dialogs add a <style> element to lock scrolling: both are inline. Styles cannot run
    // code, and what CSS could leak (url(...) loads) goes nowhere but this origin.
    'style-src': ["'self'", "'unsafe-inline'"],
    // QR codes of deposit addresses are SVG data: URLs made in the browser (deposit-qr-code.tsx).
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    ...(config.isProduction ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Security headers (helmet) on every answer, and CORS only for the configured origins.
 * Registered right after the error handler, so errors and 404s carry the headers too.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  webDir: string | null,
): Promise<void> {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicy(config, inlineScriptHashes(webDir)),
    },
    strictTransportSecurity: config.isProduction
      ? { maxAge: YEAR_SECONDS, includeSubDomains: true, preload: false }
      : false,
    // Referral codes (/ref/CODE, ?ref=) and one-time reset and verification tokens (?token=)
    // sit in our URLs. Same-origin requests keep the full referrer (it goes to us anyway, and
    // Origin stays a real origin on our own POSTs, which "no-referrer" would turn into "null");
    // other sites (BingX, Telegram, explorers) get no Referer at all, not even our origin.
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
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
