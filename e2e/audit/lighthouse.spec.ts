import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiLogin } from '../support/api';
import { DEMO_MEMBER } from '../support/members';
import { AUDIT_BASE_URL } from '../support/server';
import {
  LIGHTHOUSE_BARS,
  LIGHTHOUSE_PAGES,
  lighthouseMisses,
  lighthousePaired,
  signed,
} from './lighthouse';
import { REFERENCE, startPairedSites, type PairedSites } from './reference-sites';
import { AUDIT_OUT } from './sessions';

// Lighthouse 12.8.2 (mobile preset) on the landing page and a signed-in member's dashboard,
// against the reference build in pairs (decision 023). Its project runs after the pages' (a
// dependency in audit.config.ts): alone on the machine's two cores, as its timings need. The
// pages' tests signed in long before, so it signs the member in itself (and runs with --no-deps).

const PAIRS = Number(process.env.AUDIT_LIGHTHOUSE_PAIRS ?? 0);
const log = (line: string) => console.log(`[audit:web] lighthouse ${line}`);
let sites: PairedSites;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  mkdirSync(AUDIT_OUT, { recursive: true });
  sites = await startPairedSites(AUDIT_BASE_URL);
  log(`today's build on ${sites.today.base}, ${REFERENCE.commit} on ${sites.reference.base}`);
});

test.afterAll(async () => {
  await sites?.close();
});

for (const target of LIGHTHOUSE_PAGES) {
  const bars = LIGHTHOUSE_BARS[target.name];
  test(`${target.path} against the reference build`, async ({ request }) => {
    // Up to 16 runs of about half a minute each on a slow machine.
    test.setTimeout(20 * 60_000);
    const token = target.member ? await apiLogin(request, DEMO_MEMBER) : '';
    const result = await lighthousePaired(
      { sites, out: AUDIT_OUT, token, pairs: PAIRS, log },
      target,
    );
    log(
      `${target.path}: performance ${result.median.performance} (reference ${result.referenceMedianPerformance}; paired ${signed(result.performanceVsReference)}, bar >= ${bars.performanceVsReference}), accessibility ${result.median.accessibility}, best practices ${result.median['best-practices']} (bars >= ${bars.accessibility} / ${bars['best-practices']})`,
    );
    await test.info().attach(`lighthouse-${target.name}.json`, {
      body: JSON.stringify(result, null, 2),
      contentType: 'application/json',
    });
    expect(lighthouseMisses(target, result)).toEqual([]);
  });
}
