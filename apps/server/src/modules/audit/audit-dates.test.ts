import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, call, type TestApp } from '../../../test/test-app';

/** Found by the route fuzzer: a valid ISO date in year 0000 reached PostgreSQL and failed. */
let t: TestApp;
let admin: { token: string };
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

describe('GET /api/admin/audit-log dates', () => {
  it('refuses a date before year 1 (UTC) as a field error', async () => {
    for (const [field, value] of [
      ['from', '0000-01-01T00:00:00Z'],
      ['to', '0001-01-01T00:00:00+01:00'],
    ] as const) {
      const answer = await call(
        t.app,
        'GET',
        `/api/admin/audit-log?${field}=${encodeURIComponent(value)}`,
        { token: admin.token },
      );
      expect(answer.status, value).toBe(400);
      expect(answer.body.data).toEqual({
        errors: [{ field, message: `${field} must be a date from year 1 on` }],
      });
    }
  });

  it('still takes the whole range PostgreSQL has', async () => {
    const answer = await call(
      t.app,
      'GET',
      `/api/admin/audit-log?from=${encodeURIComponent('0001-01-01T00:00:00Z')}&to=${encodeURIComponent('9999-12-31T23:59:59.999Z')}`,
      { token: admin.token },
    );
    expect(answer.status).toBe(200);
  });
});
