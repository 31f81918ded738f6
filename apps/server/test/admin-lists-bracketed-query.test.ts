import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, signedInAdmin, signedInMember, type TestApp } from './test-app';

/**
 * Admin section 7: clients send nested objects as key[sub]=v. Each admin list must apply such a
 * filter (a wrong value is refused, a right one narrows the list), never ignore it.
 */
let t: TestApp;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInAdmin(t);
  const member = await signedInMember(t);
  await call(t.app, 'PUT', `/api/users/${member.user._id}/status`, {
    token: admin.token,
    body: { status: 'LOCKED' },
  });
});
afterAll(() => t.close());

const get = (path: string) =>
  call<Record<string, unknown>>(t.app, 'GET', path, { token: admin.token });

/** Each list, a bracketed filter with a value it refuses, and one it applies with a check. */
const LISTS: [string, string, string, (data: Record<string, unknown>) => void][] = [
  [
    '/api/users/admin/all',
    'filters[status]=BOGUS',
    'filters[status]=LOCKED',
    (data) => {
      const users = data['users'] as { status: string }[];
      expect(users.length).toBeGreaterThan(0);
      expect(users.every((u) => u.status === 'LOCKED')).toBe(true);
    },
  ],
  [
    '/api/users/admin/reports',
    'filters[status]=BOGUS',
    'filters[status]=LOCKED',
    (data) => expect(JSON.stringify(data)).not.toContain('"ACTIVE"'),
  ],
  [
    '/api/withdrawals/admin/all',
    'filters[status]=BOGUS',
    'pagination[limit]=1',
    (data) => expect((data['pagination'] as { limit: number }).limit).toBe(1),
  ],
  [
    '/api/rewards/admin/all',
    'filters[type]=BOGUS',
    'pagination[limit]=1',
    (data) => expect((data['pagination'] as { limit: number }).limit).toBe(1),
  ],
  [
    '/api/admin/audit-log',
    'filters[action]=BOGUS',
    'filters[action]=USER_STATUS_CHANGED',
    (data) => {
      const entries = data['entries'] as { action: string }[];
      expect(entries.length).toBeGreaterThan(0);
      expect(entries.every((e) => e.action === 'USER_STATUS_CHANGED')).toBe(true);
    },
  ],
  [
    '/api/rewards/admin/cycles',
    'pagination[limit]=0',
    'pagination[limit]=1',
    (data) => expect((data['pagination'] as { limit: number }).limit).toBe(1),
  ],
  [
    '/api/admin/risk',
    'filters[show]=BOGUS',
    'filters[show]=all',
    (data) => expect(Array.isArray(data['signals'])).toBe(true),
  ],
  [
    '/api/admin/uid-claims',
    'filters[status]=BOGUS',
    'filters[status]=OPEN',
    (data) => expect(JSON.stringify(data)).not.toMatch(/"status":"(UNLINKED|REJECTED)"/),
  ],
];

describe('bracketed query parameters on the admin lists', () => {
  it.each(LISTS)('%s applies them', async (path, refused, applied, check) => {
    const wrong = await get(`${path}?${refused}`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errorCode).toBe('VALIDATION_ERROR');
    const right = await get(`${path}?page=1&${applied}`);
    expect(right.status).toBe(200);
    check(right.body.data!);
  });

  it('refuses a filter given both flat and nested with different values', async () => {
    const both = await get('/api/users/admin/all?status=ACTIVE&filters[status]=LOCKED');
    expect(both.status).toBe(400);
    expect(both.body.errorCode).toBe('VALIDATION_ERROR');
  });
});
