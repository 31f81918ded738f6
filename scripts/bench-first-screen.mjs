// The dashboard's first screen on a throttled mid-range phone (issue 20): how long until the
// app's frame shows (the grey skeleton), and until the balance does, for a signed-in member.
// Slow 4G as Lighthouse's mobile preset has it (150 ms round trip, 1.6 Mb/s down, 750 kb/s up)
// and a 4x slower CPU, in Debian's Chromium at 412 px, 5 loads (the median is reported).
//
//   npm run build && npm run bench:first-screen [-- --base http://127.0.0.1:PORT] [--runs N]
//
// Without --base it starts the built app with the demo data (scripts/built-server.mjs).
/* global document -- used inside functions that run in the page */
import { chromium } from 'playwright-core';
import { DEMO, login, startServer } from './built-server.mjs';

const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const index = argv.indexOf(name);
  return index >= 0 && argv[index + 1] ? argv[index + 1] : fallback;
};
const RUNS = Number(option('--runs', '5'));
const TIMEOUT_MS = 20_000;

/** One load of /dashboard: ms from navigation to the skeleton, and to a figure in the balance. */
async function load(browser, base, token) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript((t) => localStorage.setItem('token', t), token);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const started = Date.now();
  await page.goto(`${base}/dashboard`, { waitUntil: 'commit' });
  const at = { skeletonMs: null, balanceMs: null };
  while (Date.now() - started < TIMEOUT_MS) {
    const state = await page
      .evaluate(() => {
        const pulse = document.querySelector('.animate-pulse');
        const section = document.querySelector('#balance-title')?.closest('section');
        return {
          skeleton: pulse !== null && pulse.getBoundingClientRect().width > 0,
          balance: /Available Balance[\s\S]*\$\d/.test(section?.textContent ?? ''),
        };
      })
      .catch(() => ({ skeleton: false, balance: false }));
    if (state.skeleton && at.skeletonMs === null) at.skeletonMs = Date.now() - started;
    if (state.balance) {
      at.balanceMs = Date.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  await context.close();
  return at;
}

const median = (values) => {
  const known = values.filter((v) => v !== null).sort((a, b) => a - b);
  return known.length ? known[Math.floor((known.length - 1) / 2)] : null;
};

async function main() {
  const given = option('--base', null);
  const server = given ? { base: given, stop: async () => {} } : await startServer();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const token = await login(server.base, DEMO.member);
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await load(browser, server.base, token));
    const show = (ms) => (ms === null ? 'never' : `${ms} ms`);
    console.log(`dashboard first screen on ${server.base}, ${RUNS} loads (slow 4G, 4x CPU)`);
    console.log(`  skeleton: ${runs.map((r) => show(r.skeletonMs)).join(', ')}`);
    console.log(`  balance:  ${runs.map((r) => show(r.balanceMs)).join(', ')}`);
    console.log(
      `  median: skeleton ${show(median(runs.map((r) => r.skeletonMs)))}, balance ${show(median(runs.map((r) => r.balanceMs)))}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
