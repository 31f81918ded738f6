import { CYCLE_CSV_MAX_BYTES } from '@ctn/contracts/cycles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, call, type TestApp } from '../../../test/test-app';

/**
 * Inputs the route fuzzer (test/fuzz) found answered with 500, and the body limit of the CSV
 * upload: each now gets a 4xx that says what is wrong.
 */
let t: TestApp;
let admin: { token: string };
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(() => t.close());

const preview = (body: unknown) =>
  call(t.app, 'POST', '/api/rewards/admin/cycles/preview', { token: admin.token, body });
const csv = 'uid,amount\n100000001,50';

describe('cycle periods', () => {
  it('refuses days PostgreSQL has not (year 0000, 30 February) as field errors, not 500', async () => {
    for (const [periodStart, periodEnd] of [
      ['0000-01-01', '0000-01-02'],
      ['2026-02-30', '2026-03-01'],
      ['2026-02-01', '2026-02-31'],
    ]) {
      const answer = await preview({ source: 'CSV', periodStart, periodEnd, csv });
      expect(answer.status, periodStart).toBe(400);
      expect(answer.body.errorCode).toBe('VALIDATION_ERROR');
    }
    expect(
      (await preview({ source: 'CSV', periodStart: '2024-02-29', periodEnd: '2024-03-01', csv }))
        .status,
    ).toBe(200);
  });

  it('caps a period at 366 days, so the exchange is never read for centuries', async () => {
    const long = await preview({
      source: 'EXCHANGE',
      periodStart: '1900-01-01',
      periodEnd: '2199-12-31',
    });
    expect(long.status).toBe(400);
    expect(long.body.data).toEqual({
      errors: [{ field: 'periodEnd', message: 'A cycle covers at most 366 days' }],
    });
    const year = await preview({
      source: 'CSV',
      periodStart: '2025-01-01',
      periodEnd: '2026-01-01',
      csv,
    });
    expect(year.status).toBe(200);
  });
});

describe('the cycle filter of the rewards lists', () => {
  it('matches nothing for a number past the integer column, instead of failing', async () => {
    for (const url of [
      '/api/rewards/admin/all?cycle=2147483648',
      '/api/rewards/admin/export?cycle=9007199254740991',
    ]) {
      const answer = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(answer.statusCode, url).toBe(200);
    }
  });
});

describe('the CSV upload body limit', () => {
  it('takes a CSV of the full 8 MB even when JSON escaping makes the body larger', async () => {
    // Tab-separated, CRLF lines: every line break and tab is two bytes in the JSON string.
    const line = '1\t2\r\n';
    const big = line.repeat(Math.floor(CYCLE_CSV_MAX_BYTES / line.length));
    const payload = JSON.stringify({
      source: 'CSV',
      periodStart: 'not-a-day',
      periodEnd: '2026-01-02',
      csv: big,
    });
    expect(payload.length).toBeGreaterThan(CYCLE_CSV_MAX_BYTES + 64 * 1024);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/rewards/admin/cycles/preview',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload,
    });
    // Parsed and validated (the bad day), not refused for its size.
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR' });
  });

  it('answers 413 PAYLOAD_TOO_LARGE past twice the CSV limit', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/rewards/admin/cycles/preview',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ csv: 'x'.repeat(2 * CYCLE_CSV_MAX_BYTES + 128 * 1024) }),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toMatchObject({
      success: false,
      errorCode: 'PAYLOAD_TOO_LARGE',
      error: 'The request is too large. Send a smaller file or less text.',
    });
  });
});
