import { expect, test } from '@playwright/test';

// The installed app (issue 20): a manifest Chromium accepts as installable, a service worker, an
// offline page instead of the browser's error, and API answers never served from a cache.
test('the app is installable, shows its offline page without a connection, never caches the API', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // Pages opened from now on are controlled by the worker.
  await page.reload();
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  const cdp = await context.newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  // Playwright's contexts are private windows, where nothing installs: that is the browser's
  // rule for the window, not a fault of the app, and the only error allowed here.
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  const appErrors = installabilityErrors.filter((e) => e.errorId !== 'in-incognito');
  expect(appErrors, JSON.stringify(appErrors)).toEqual([]);
  const parsed = JSON.parse(manifest.data ?? '{}') as { display: string; icons: unknown[] };
  expect(parsed.display).toBe('standalone');
  expect(parsed.icons.length).toBeGreaterThanOrEqual(3);

  // An API answer fetched online is not kept: offline, the same request fails.
  const online = await page.evaluate(() => fetch('/api/health').then((r) => r.status));
  expect(online).toBe(200);
  await context.setOffline(true);
  const offline = await page.evaluate(() =>
    fetch('/api/health').then(
      (r) => `answered ${r.status}`,
      () => 'failed',
    ),
  );
  expect(offline).toBe('failed');

  // A page asked for without a connection: the offline page, with a way to try again.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0);
});
