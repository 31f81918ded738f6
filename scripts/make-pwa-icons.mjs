// The installed app's icons (apps/web/public/icons/), drawn from the favicon's artwork by
// Debian's Chromium. Run again after changing the artwork: node scripts/make-pwa-icons.mjs
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = fileURLToPath(new URL('../apps/web/public/icons/', import.meta.url));
const GLYPH = `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#34d399"/><stop offset="1" stop-color="#0d9488"/></linearGradient></defs><path d="M7 21l6-6 4 4 8-9" fill="none" stroke="url(#g)" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/><circle cx="25" cy="10" r="2.2" fill="#34d399"/>`;

/** `rounded`: the favicon's rounded tile; otherwise full bleed with the glyph in the safe zone. */
function svg(rounded) {
  if (rounded)
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#0b1220"/>${GLYPH}</svg>`;
  // Maskable: the launcher may cut a circle of 80% of the side; the glyph stays inside it.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#0b1220"/><g transform="translate(16 16) scale(0.7) translate(-16 -16)">${GLYPH}</g></svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true },
  { file: 'icon-512.png', size: 512, rounded: true },
  { file: 'icon-maskable-512.png', size: 512, rounded: false },
  { file: 'apple-touch-icon.png', size: 180, rounded: false },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
for (const icon of ICONS) {
  await page.setViewportSize({ width: icon.size, height: icon.size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg(icon.rounded).replace('<svg ', `<svg width="${icon.size}" height="${icon.size}" `)}</body></html>`,
  );
  await page.screenshot({ path: join(OUT, icon.file), omitBackground: true });
}
await browser.close();
console.log(`icons written to ${OUT}`);
