// The web app's quality bars, measured on the built app as production serves it (issue 8):
//   1. page weight: the landing page's initial JavaScript, gzip, from the build manifest (<= 150 kB);
//   2. accessibility and layout: axe-core (via Playwright, Debian's Chromium) on every page of
//      the route table with the demo data at 1440 and 375 px, admin pages also at 1280 px (every
//      rule in the light theme, the colour rules in the dark one), plus open menus, forms and cards: no
//      serious or critical violation; no page wider than the screen, and every admin table's
//      actions column in sight from 1280 px;
//   3. Lighthouse (npx lighthouse@12.8.2, mobile preset) on the landing page and on a signed-in
//      member's dashboard: accessibility and best practices >= 95, and performance against a
//      reference build measured in the same run, in pairs (scripts/audit-lighthouse.mjs,
//      decision 023): no more than 3 points (landing) and 6 points (dashboard) under it;
// and, on the way, a full-height screenshot of every route at 375 and 1440 px in both themes
// (e2e/screenshots/routes/). It prints the figures and exits non-zero when a bar is missed.
//
//   npm run audit:web [-- --no-build] [--no-lighthouse] [--no-screenshots]
//                       [--lighthouse-pairs N] [--docs docs/performance.md]
/* global document -- used inside functions that run in the page */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import { chromium } from 'playwright-core';
import {
  CHROME_FLAGS,
  CHROMIUM,
  LIGHTHOUSE_BARS,
  LIGHTHOUSE_PAGES,
  lighthouseMisses,
  lighthousePaired,
  REFERENCE,
  round,
  signed,
  startPairedSites,
} from './audit-lighthouse.mjs';
import { api, DEMO, login, startServer } from './built-server.mjs';
import { pageRoutes } from './route-table.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SELF = 'scripts/audit-web.mjs';
const OUT = join(ROOT, '.tmp/audit-web');
const SHOTS = join(ROOT, 'e2e/screenshots/routes');
const DIST = join(ROOT, 'apps/web/dist');
const LANDING_MODULE = 'src/features/landing/pages/landing-page.tsx';
const BARS = {
  landingInitialJsGzipKb: 150,
  lighthouse: LIGHTHOUSE_BARS,
  axeSeriousOrCritical: 0,
};

// ------------------------------------------------------------------------------------ options

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name, fallback) => {
  const index = argv.indexOf(name);
  return index >= 0 && argv[index + 1] ? argv[index + 1] : fallback;
};
const options = {
  build: !flag('--no-build'),
  lighthouse: !flag('--no-lighthouse'),
  screenshots: !flag('--no-screenshots'),
  /** Pairs of Lighthouse runs per page: the page's own number, two more when a bar is missed. */
  lighthousePairs: Number(option('--lighthouse-pairs', '0')) || 0,
  docs: option('--docs', null),
};

const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)}s`;
const log = (message) => console.log(`[audit:web +${elapsed()}] ${message}`);

function run(command, args, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

// ------------------------------------------------------------------------------- 1. page weight

const gzipKb = (file) => gzipSync(readFileSync(join(DIST, file)), { level: 9 }).length / 1000;

/** A chunk's file plus, recursively, its static imports' files. */
function closure(manifest, key, into = new Set()) {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(manifest, imported, into);
  return into;
}

function measureWeight() {
  const manifest = JSON.parse(readFileSync(join(DIST, '.vite/manifest.json'), 'utf8'));
  const entry = closure(manifest, 'index.html');
  if (!manifest[LANDING_MODULE]) throw new Error(`${LANDING_MODULE} is not in the build manifest`);
  // The landing page's route module loads before the first render (app/router.tsx): it is initial.
  const landing = closure(manifest, LANDING_MODULE, new Set(entry));
  const js = [...landing].filter((file) => file.endsWith('.js'));
  const files = js
    .map((file) => ({ file, gzipKb: gzipKb(file) }))
    .sort((a, b) => b.gzipKb - a.gzipKb);
  const css = (manifest['index.html'].css ?? []).map((file) => ({ file, gzipKb: gzipKb(file) }));
  const html = gzipSync(readFileSync(join(DIST, 'index.html')), { level: 9 }).length / 1000;
  const allJs = Object.values(manifest)
    .map((chunk) => chunk.file)
    .filter((file, i, list) => file.endsWith('.js') && list.indexOf(file) === i)
    .reduce((sum, file) => sum + gzipKb(file), 0);
  return {
    landingInitialJsGzipKb: round(files.reduce((sum, f) => sum + f.gzipKb, 0)),
    entryJsGzipKb: round(
      [...entry].filter((f) => f.endsWith('.js')).reduce((s, f) => s + gzipKb(f), 0),
    ),
    cssGzipKb: round(css.reduce((sum, f) => sum + f.gzipKb, 0)),
    indexHtmlGzipKb: round(html),
    allJsGzipKb: round(allJs),
    landingFiles: files.map((f) => ({ ...f, gzipKb: round(f.gzipKb) })),
  };
}

/** The demo administrator signs in with a second factor: the current code from /dev/totp. */
async function adminLogin(base, who) {
  const page = await (await fetch(`${base}/dev/totp`)).text();
  const totpCode = /code: (\d{6})/.exec(page)?.[1];
  if (!totpCode) throw new Error(`GET /dev/totp: no code in ${JSON.stringify(page.slice(0, 200))}`);
  return login(base, { ...who, totpCode });
}

/** The token of the newest link to `page` mailed to `email`, read from the dev mailbox. */
async function mailedToken(base, email, page) {
  for (let i = 0; i < 40; i++) {
    const { mails } = await api(base, 'GET', '/dev/api/mail');
    const link = mails
      .find((mail) => mail.to.includes(email) && mail.links.some((l) => l.includes(page)))
      ?.links.find((l) => l.includes(page));
    if (link) return new URL(link).searchParams.get('token');
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${page} mail for ${email}`);
}

/**
 * A verified member who has not paid yet (the onboarding page), through the dev mailbox, and a
 * live password reset link of theirs (the reset form).
 */
async function newUnpaidMember(base) {
  const email = `audit-${Date.now()}@example.com`;
  const password = 'Audit@2026ok';
  await api(base, 'POST', '/api/users/register', {
    firstName: 'Audrey',
    lastName: 'Auditor',
    email,
    password,
    referredByCode: DEMO.referralCode,
  });
  const verifyToken = await mailedToken(base, email, '/verify-email?token=');
  await api(base, 'POST', '/api/users/verify-email', { token: verifyToken });
  await api(base, 'POST', '/api/users/forgot-password', { email });
  const resetToken = await mailedToken(base, email, '/reset-password?token=');
  return { token: await login(base, { email, password }), resetToken };
}

// ----------------------------------------------------------------------------- 2. axe + shots

/**
 * Every page of the app's route table (scripts/route-table.mjs) with the demo data, so a new
 * route is audited without being added here; only a route with parameters needs a line in
 * `concrete`, and the audit stops until it has one. `expect` is the path the page must end on
 * (a guard that redirected would otherwise be audited in place of the page).
 */
function pages(ids) {
  const list = { guest: [], unpaid: [], member: [], admin: [] };
  for (const route of pageRoutes()) list[route.audience].push(...concrete(route.path, ids));
  list.member.push({ path: '/', name: 'landing-signed-in' });
  return list;
}

/** The route's concrete addresses: parameters filled in, and variants worth their own look. */
function concrete(path, ids) {
  switch (path) {
    case '/':
      return [{ path, name: 'landing' }];
    case '*':
      return [{ path: '/no-such-page', name: 'not-found' }];
    case '/ref/:refCode':
      return [{ path: `/ref/${DEMO.referralCode}`, name: 'referral-link', expect: '/' }];
    case '/reset-password':
      return [
        { path: `/reset-password?token=${ids.resetToken}`, name: 'reset-password' },
        { path: '/reset-password?token=audit-token', name: 'reset-password-dead-link' },
      ];
    case '/verify-email':
      return [
        { path, name: 'verify-email-pending' },
        { path: '/verify-email?token=audit-invalid-token', name: 'verify-email-error' },
      ];
    case '/admin':
      return [{ path, name: 'admin-root' }];
    case '/admin/users/:id':
      return [{ path: `/admin/users/${ids.memberId}`, name: 'admin-user-detail' }];
    case '/admin/withdrawals/:id':
      return [{ path: `/admin/withdrawals/${ids.withdrawalId}`, name: 'admin-withdrawal-detail' }];
    case '/admin/cycles/:id':
      return [{ path: `/admin/cycles/${ids.cycleId}`, name: 'admin-cycle-detail' }];
    case '/rewards/cycles/:number':
      return [{ path: `/rewards/cycles/${ids.cycleNumber}`, name: 'cycle-statement' }];
  }
  if (path.includes(':'))
    throw new Error(`web audit: no value for the parameters of ${path} (concrete() in ${SELF})`);
  return [{ path, name: path.slice(1).replaceAll('/', '-') }];
}

/** Open states worth auditing too: they only exist after an interaction. */
const STATES = [
  {
    who: 'guest',
    path: '/',
    name: 'landing-faq-open-card-flipped',
    act: async (page) => {
      await page.getByRole('button', { name: /what is copy trading/i }).click();
      await page
        .getByRole('button', { name: /show details/i })
        .first()
        .click();
    },
  },
  {
    who: 'guest',
    path: '/',
    name: 'landing-mobile-menu',
    mobileOnly: true,
    act: (page) => page.getByRole('button', { name: 'Open menu' }).click(),
  },
  {
    who: 'member',
    path: '/dashboard',
    name: 'member-mobile-menu',
    mobileOnly: true,
    act: (page) => page.getByRole('button', { name: 'Open menu' }).click(),
  },
  {
    who: 'member',
    path: '/dashboard',
    name: 'member-user-menu',
    desktopOnly: true,
    act: (page) => page.getByRole('button', { name: /account menu/i }).click(),
  },
  {
    who: 'member',
    path: '/dashboard',
    name: 'member-sidebar-collapsed',
    desktopOnly: true,
    act: async (page) => {
      await page.getByRole('button', { name: 'Collapse sidebar' }).click();
      await page
        .getByRole('navigation', { name: 'Member pages' })
        .getByRole('link')
        .first()
        .focus();
    },
  },
  {
    who: 'member',
    path: '/profile',
    name: 'profile-change-password-error',
    act: async (page) => {
      await page.getByRole('button', { name: 'Change Password' }).click();
      await page.getByRole('button', { name: 'Update Password' }).click();
    },
  },
];

/** In dark views only the colours change: axe checks contrast there (every rule in light views). */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
/**
 * 1440 and 375 px in both themes; the admin pages also at 1280 px, the narrowest desktop width
 * where their tables must keep the actions column in sight.
 */
const VIEWS = [
  { width: 1440, height: 900, theme: 'light', rules: null },
  { width: 1440, height: 900, theme: 'dark', rules: COLOUR_RULES },
  { width: 375, height: 812, theme: 'light', rules: null },
  { width: 375, height: 812, theme: 'dark', rules: COLOUR_RULES },
  { width: 1280, height: 800, theme: 'light', rules: null, only: 'admin' },
];

/** The page is rendered and nothing is loading: a heading, no spinner, skeleton or busy control. */
async function settle(page) {
  await page
    .waitForFunction(
      () => {
        const heading = document.querySelector('#root h1');
        // Rendered (or hydrated) by React, not only the pre-rendered HTML.
        return (
          heading !== null &&
          Object.keys(heading).some((key) => key.startsWith('__react')) &&
          !/^Loading/.test(document.querySelector('[role=status]')?.textContent ?? '') &&
          document.querySelector('.animate-pulse, [aria-busy=true]') === null
        );
      },
      undefined,
      { timeout: 15_000, polling: 50 },
    )
    .catch(() => {});
  await page.waitForTimeout(100);
}

/** Full height, with fixed bars where a visitor sees them (a "fullPage" capture would not). */
async function screenshot(page, file, view) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  await page.setViewportSize({
    width: view.width,
    height: Math.min(Math.max(height, view.height), 12_000),
  });
  await page.waitForTimeout(100);
  await page.screenshot({ path: file, animations: 'disabled' });
  await page.setViewportSize({ width: view.width, height: view.height });
}

/**
 * What the layout gets wrong at this width: a page wider than the screen (its own content must
 * scroll inside its boxes), and, on admin pages from 1280 px, a table whose last column (its
 * actions) is not in sight without scrolling the table sideways.
 */
async function layoutProblems(page, view, who) {
  return page.evaluate(
    ({ width, checkActions }) => {
      const problems = [];
      const pageWidth = document.documentElement.scrollWidth;
      if (pageWidth > width + 1) problems.push(`the page is ${pageWidth} px wide in ${width} px`);
      if (!checkActions) return problems;
      for (const box of document.querySelectorAll('[role=region] > table')) {
        const region = box.parentElement.getBoundingClientRect();
        const row = box.querySelector('tbody tr');
        const last = row?.lastElementChild;
        if (!last || row.children.length < 2) continue;
        const cell = last.getBoundingClientRect();
        if (cell.right > region.right + 1 || cell.left < region.left - 1 || cell.right > width)
          problems.push(
            `"${box.parentElement.getAttribute('aria-label')}": its last column is out of sight (table ${box.scrollWidth} px in ${Math.round(region.width)} px)`,
          );
      }
      return problems;
    },
    { width: view.width, checkActions: who === 'admin' && view.width >= 1280 },
  );
}

async function audit(page, view, label, results) {
  const builder = new AxeBuilder({ page });
  if (view.rules) builder.withRules(view.rules);
  const analysis = await builder.analyze();
  const serious = analysis.violations.filter(
    (v) => v.impact === 'serious' || v.impact === 'critical',
  );
  const minor = analysis.violations.filter((v) => !serious.includes(v));
  results.push({
    page: label,
    serious: serious.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5),
    })),
    minor: minor.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.length })),
  });
  return serious.length;
}

async function auditPages(base, browser) {
  const member = await login(base, DEMO.member);
  const admin = await adminLogin(base, DEMO.admin);
  const { token: unpaid, resetToken } = await newUnpaidMember(base);
  const profile = await api(base, 'GET', '/api/users/profile', undefined, member);
  const cycles = await api(base, 'GET', '/api/rewards/admin/cycles?limit=20', undefined, admin);
  const tokens = { guest: null, member, admin, unpaid };
  const list = pages({
    memberId: profile._id,
    withdrawalId: '00000000-0000-4000-8000-000000000000',
    resetToken,
    // A run cycle of the demo data, or an unknown id (the page's not-found state) without one.
    cycleId: cycles.cycles[0]?._id ?? '00000000-0000-4000-8000-000000000000',
    // The member's statement of a run cycle, or of none (the page's error state) without one.
    cycleNumber: cycles.cycles.find((c) => c.number !== null)?.number ?? 999999,
  });

  const results = [];
  let shots = 0;
  if (options.screenshots) rmSync(SHOTS, { recursive: true, force: true });
  mkdirSync(SHOTS, { recursive: true });
  let order = 0;
  const numbered = new Map();
  const number = (name) => {
    if (!numbered.has(name)) numbered.set(name, String(++order).padStart(2, '0'));
    return numbered.get(name);
  };

  const auditView = async (view) => {
    for (const [who, routes] of Object.entries(list)) {
      if (view.only && view.only !== who) continue;
      const context = await browser.newContext({
        viewport: { width: view.width, height: view.height },
        colorScheme: view.theme,
        reducedMotion: 'reduce',
      });
      if (tokens[who])
        await context.addInitScript((t) => localStorage.setItem('token', t), tokens[who]);
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const label = (name) => `${name} (${view.theme}, ${view.width})`;

      for (const route of routes) {
        await page.goto(`${base}${route.path}`);
        await settle(page);
        const at = new URL(page.url()).pathname;
        const expected = route.expect ?? route.path.split('?')[0];
        if (at !== expected) {
          results.push({
            page: label(route.name),
            serious: [
              {
                id: 'wrong-page',
                impact: 'critical',
                help: `ended on ${at}, expected ${expected}`,
                nodes: [],
              },
            ],
            minor: [],
          });
          continue;
        }
        await audit(page, view, label(route.name), results);
        const layout = await layoutProblems(page, view, who);
        if (layout.length)
          results.push({
            page: label(route.name),
            serious: layout.map((help) => ({ id: 'layout', impact: 'serious', help, nodes: [] })),
            minor: [],
          });
        if (options.screenshots) {
          await screenshot(
            page,
            join(SHOTS, `${number(route.name)}-${route.name}-${view.width}-${view.theme}.png`),
            view,
          );
          shots++;
        }
      }
      for (const state of STATES.filter((s) => s.who === who)) {
        if (state.mobileOnly && view.width >= 1024) continue;
        if (state.desktopOnly && view.width < 1024) continue;
        await page.goto(`${base}${state.path}`);
        await settle(page);
        await state.act(page);
        await page.waitForTimeout(300);
        await audit(page, view, label(state.name), results);
        if (options.screenshots) {
          await page.screenshot({
            path: join(
              SHOTS,
              `${number(state.name)}-${state.name}-${view.width}-${view.theme}.png`,
            ),
          });
          shots++;
        }
      }
      if (errors.length) {
        results.push({
          page: label(`${who} pages`),
          serious: errors.map((message) => ({
            id: 'page-error',
            impact: 'critical',
            help: message,
            nodes: [],
          })),
          minor: [],
        });
      }
      await context.close();
    }
    log(`axe: ${view.theme} ${view.width} px done`);
  };
  // Two views at a time: the machine has two cores.
  for (let i = 0; i < VIEWS.length; i += 2) await Promise.all(VIEWS.slice(i, i + 2).map(auditView));
  results.sort((a, b) => a.page.localeCompare(b.page));
  return { results, shots };
}

// ------------------------------------------------------------------------------------- report

function writeDocs(file, report) {
  const start = '<!-- audit:web:start -->';
  const end = '<!-- audit:web:end -->';
  const w = report.weight;
  const lh = report.lighthouse;
  const lines = [
    start,
    `Measured ${report.date} by \`npm run audit:web\` (${report.durationS} s on this machine).`,
    '',
    '| Bar | Figure | Limit | |',
    '|---|---|---|---|',
    `| Landing page initial JS (gzip -9) | ${w.landingInitialJsGzipKb} kB | <= ${BARS.landingInitialJsGzipKb} kB | ${w.landingInitialJsGzipKb <= BARS.landingInitialJsGzipKb ? 'pass' : 'FAIL'} |`,
    ...Object.entries(lh ?? {}).flatMap(([name, page]) => {
      const bars = BARS.lighthouse[name];
      const pairs = page.runs.length;
      const perf = `| Lighthouse performance of ${page.path} against the reference (mobile, median of ${pairs} paired differences) | ${signed(page.performanceVsReference)} (today ${page.runs.map((p) => p.today.performance).join(', ')}; reference ${page.runs.map((p) => p.reference.performance).join(', ')}) | >= ${bars.performanceVsReference} | ${page.performanceVsReference >= bars.performanceVsReference ? 'pass' : 'FAIL'} |`;
      return [
        perf,
        ...['accessibility', 'best-practices'].map(
          (k) =>
            `| Lighthouse ${k} of ${page.path} (mobile, median of ${pairs}) | ${page.median[k]} (runs: ${page.runs.map((p) => p.today[k]).join(', ')}) | >= ${bars[k]} | ${page.median[k] >= bars[k] ? 'pass' : 'FAIL'} |`,
        ),
      ];
    }),
    `| axe serious + critical violations (${report.axe.analyses} analyses) | ${report.axe.serious} | ${BARS.axeSeriousOrCritical} | ${report.axe.serious === 0 ? 'pass' : 'FAIL'} |`,
    '',
    `Lighthouse's reference: the web app of ${REFERENCE.commit}, which scored ${REFERENCE.scored} (decision 023).`,
    '',
    `Other figures: entry JS ${w.entryJsGzipKb} kB, CSS ${w.cssGzipKb} kB, index.html (with the pre-rendered landing page) ${w.indexHtmlGzipKb} kB, all JS of the app ${w.allJsGzipKb} kB (gzip -9).` +
      Object.values(lh ?? {})
        .map(
          ({ path, medianRun: r }) =>
            ` Lighthouse metrics of the median run on ${path}: FCP ${r.fcpMs} ms, LCP ${r.lcpMs} ms, TBT ${r.tbtMs} ms, CLS ${r.cls}, Speed Index ${r.speedIndexMs} ms.`,
        )
        .join(''),
    '',
    'Landing page initial JS by file (gzip kB):',
    '',
    ...w.landingFiles.map((f) => `- ${f.file.replace(/^assets\//, '')}: ${f.gzipKb}`),
    `${report.axe.minorIds.length ? `\naxe moderate/minor findings (not a bar): ${report.axe.minorIds.join(', ')}.\n` : ''}`,
    end,
  ];
  const block = lines.join('\n');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const next = text.includes(start)
    ? text.replace(new RegExp(`${start}[\\s\\S]*?${end}`), block)
    : `${text}${text.endsWith('\n') || text === '' ? '' : '\n'}\n${block}\n`;
  writeFileSync(file, next);
}

// --------------------------------------------------------------------------------------- main

async function main() {
  mkdirSync(OUT, { recursive: true });
  if (options.build) {
    log('building (npm run build)');
    await run('npm', ['run', 'build']);
  }

  const weight = measureWeight();
  log(`landing page initial JS: ${weight.landingInitialJsGzipKb} kB gzip`);

  const server = await startServer();
  log(`server on ${server.base}`);
  const failures = [];
  let axe;
  let lighthouseResult = null;
  try {
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: CHROME_FLAGS.slice(1),
    });
    try {
      const { results, shots } = await auditPages(server.base, browser);
      const serious = results.flatMap((r) => r.serious.map((v) => ({ page: r.page, ...v })));
      const minorIds = [
        ...new Set(results.flatMap((r) => r.minor.map((v) => `${v.id} (${v.impact})`))),
      ];
      axe = {
        analyses: results.length,
        serious: serious.length,
        minorIds,
        shots,
        violations: serious,
      };
      log(
        `axe: ${results.length} analyses, ${serious.length} serious or critical; ${shots} screenshots in e2e/screenshots/routes/`,
      );
      for (const v of serious)
        console.log(
          `  ${v.impact.toUpperCase()} ${v.id} on ${v.page}: ${v.help} ${v.nodes.join(' | ')}`,
        );
    } finally {
      await browser.close();
    }

    if (options.lighthouse) {
      const sites = await startPairedSites(ROOT, server.base);
      log(
        `lighthouse: today's build on ${sites.today.base}, ${REFERENCE.commit} on ${sites.reference.base}`,
      );
      try {
        lighthouseResult = {};
        for (const target of LIGHTHOUSE_PAGES)
          lighthouseResult[target.name] = await lighthousePaired(
            { sites, out: OUT, root: ROOT, log, pairs: options.lighthousePairs },
            target,
          );
      } finally {
        await sites.close();
      }
    }
  } finally {
    await server.stop();
  }

  if (weight.landingInitialJsGzipKb > BARS.landingInitialJsGzipKb)
    failures.push(
      `landing initial JS ${weight.landingInitialJsGzipKb} kB > ${BARS.landingInitialJsGzipKb} kB`,
    );
  if (axe.serious > BARS.axeSeriousOrCritical)
    failures.push(`${axe.serious} serious/critical axe violations`);
  for (const [name, result] of Object.entries(lighthouseResult ?? {}))
    failures.push(...lighthouseMisses(name, result));

  const report = {
    date: new Date().toISOString().slice(0, 10),
    durationS: Math.round((Date.now() - started) / 1000),
    bars: BARS,
    weight,
    axe,
    lighthouse: lighthouseResult,
    failures,
  };
  writeFileSync(join(OUT, 'report.json'), `${JSON.stringify(report, null, 2)}\n`);
  if (options.docs) writeDocs(join(ROOT, options.docs), report);

  console.log('\nWeb audit figures');
  console.log(
    `  landing initial JS (gzip -9)   ${weight.landingInitialJsGzipKb} kB   (bar <= ${BARS.landingInitialJsGzipKb})`,
  );
  console.log(
    `  entry JS / CSS / index.html    ${weight.entryJsGzipKb} / ${weight.cssGzipKb} / ${weight.indexHtmlGzipKb} kB gzip`,
  );
  console.log(
    `  axe serious + critical         ${axe.serious} in ${axe.analyses} analyses   (bar ${BARS.axeSeriousOrCritical})`,
  );
  if (lighthouseResult) {
    for (const [name, result] of Object.entries(lighthouseResult)) {
      const m = result.median;
      const bars = BARS.lighthouse[name];
      console.log(
        `  Lighthouse ${result.path.padEnd(11)} performance ${m.performance} (reference ${result.referenceMedian.performance}; paired ${signed(result.performanceVsReference)}, bar >= ${bars.performanceVsReference}), accessibility ${m.accessibility}, best practices ${m['best-practices']} (bars >= ${bars.accessibility} / ${bars['best-practices']})`,
      );
    }
  } else {
    console.log('  Lighthouse                     skipped (--no-lighthouse)');
  }
  console.log(
    `  report: .tmp/audit-web/report.json${options.docs ? `, ${options.docs}` : ''} (${elapsed()})`,
  );
  if (failures.length) {
    console.error(`\nAUDIT FAILED: ${failures.join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nAll web bars met.');
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
