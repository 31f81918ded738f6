import type { AdminClaims } from '@ctn/contracts/operator';
import {
  CLAIM_IDS,
  CLAIMS,
  CLAIMS_BEFORE_ANSWER,
  needsConfirmation,
  type OperatorFacts,
} from '@ctn/contracts/operator-facts';
import type { SiteLinks } from '@ctn/contracts/site';
import { vi } from 'vitest';

/**
 * A fake network at the one boundary the app has: `fetch`. Handlers answer with envelopes,
 * like the server does; an unexpected request fails the test loudly.
 */

export interface MockRequest {
  method: string;
  path: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

type Handler = (request: MockRequest) => Response | Promise<Response>;

export function okResponse(data: unknown, message = 'OK', status = 200): Response {
  return Response.json({ success: true, message, data, error: null, errorCode: null }, { status });
}

export function failResponse(
  status: number,
  code: string | null,
  error: string | null = null,
  data: unknown = null,
): Response {
  return Response.json({ success: false, message: code, data, error, errorCode: code }, { status });
}

/** The public site's links (admin settings), as every public page reads them. */
export const TEST_SITE_LINKS: SiteLinks = {
  affiliateUrl: 'https://bingx.com/invite/TESTCODE',
  copyTradingUrl: 'https://bingx.com/en/CopyTrading/1234567',
  updatesChannelUrl: 'https://t.me/test_updates',
  communityChannelUrl: 'https://t.me/test_community',
  supportEmail: 'support@test.example',
};

/** The operator's published facts, as the public pages read them. */
export const TEST_OPERATOR: OperatorFacts = {
  legalName: 'Test Operator Ltd',
  address: '1 Test Street, Testville',
  jurisdiction: 'Seychelles',
  supportChannels: [{ label: 'Telegram', url: 'https://t.me/test_support' }],
  supportHours: 'Mon-Fri 09:00-18:00 UTC',
  legalEffectiveDate: '2026-12-01',
};

/** Every claim as shipped, none confirmed, before the disclosure's first build. */
export const TEST_ADMIN_CLAIMS: AdminClaims = {
  claims: CLAIM_IDS.map((id) => ({
    id,
    place: CLAIMS[id].place,
    kind: CLAIMS[id].kind,
    needsConfirmation: needsConfirmation(CLAIMS[id].kind),
    parts: CLAIMS[id].defaults,
    defaults: CLAIMS[id].defaults,
    isDefault: true,
    confirmation: null,
    shown: !needsConfirmation(CLAIMS[id].kind),
  })),
  evidence: null,
};

const legalPage = (document: string, title: string) => () =>
  okResponse({
    document,
    title,
    body: `## ${title}\n\nThe ${title} of the test.`,
    updatedAt: null,
  });

/**
 * Answered unless a test gives its own handler: the public site's reads (footer, support, legal
 * pages, disclosure, proof of liabilities) and the admin's copy of its links, which pages show beside their subject.
 */
const DEFAULT_ROUTES: Record<string, Handler> = {
  'GET /api/public/site': () => okResponse(TEST_SITE_LINKS),
  'GET /api/admin/settings/site': () => okResponse(TEST_SITE_LINKS),
  'GET /api/public/legal/terms': legalPage('terms', 'Terms of Service'),
  'GET /api/public/legal/privacy': legalPage('privacy', 'Privacy Policy'),
  'GET /api/public/legal/risk': legalPage('risk', 'Risk Disclosure'),
  'GET /api/public/earnings-disclosure': () => okResponse(null),
  'GET /api/proof/latest': () => okResponse(null),
  'GET /api/users/proof': () => okResponse(null),
  'GET /api/public/operator': () => okResponse(TEST_OPERATOR),
  // No claim confirmed: those needing confirmation are left out.
  'GET /api/public/claims': () => okResponse(CLAIMS_BEFORE_ANSWER),
  'GET /api/admin/settings/operator': () => okResponse(TEST_OPERATOR),
  'GET /api/admin/settings/claims': () => okResponse(TEST_ADMIN_CLAIMS),
  // The referrals page's invitee funnel, empty unless a test says otherwise.
  'GET /api/users/referrals/funnel': () =>
    okResponse({
      summary: {
        invitees: 0,
        registered: 0,
        verified: 0,
        paid: 0,
        linked: 0,
        trading: 0,
        tradingUnknown: 0,
      },
      invitees: [],
      pagination: {
        currentPage: 1,
        totalPages: 0,
        totalRecords: 0,
        limit: 20,
        hasNextPage: false,
        hasPrevPage: false,
      },
    }),
};

/** Stubs `fetch`; keys are `METHOD /api/path`. Returns the mock to inspect the calls. */
export function mockApi(routes: Record<string, Handler>) {
  const requests: MockRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const raw = init?.body;
    const request: MockRequest = {
      method,
      path: url.pathname,
      url,
      headers: new Headers(init?.headers),
      body: typeof raw === 'string' ? JSON.parse(raw) : undefined,
    };
    requests.push(request);
    const handler =
      routes[`${method} ${url.pathname}`] ?? DEFAULT_ROUTES[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`Unexpected request in test: ${method} ${url.pathname}`);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    requests,
    calls: (key: string) => requests.filter((r) => `${r.method} ${r.path}` === key),
  };
}

/** A pending promise, to observe busy states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
