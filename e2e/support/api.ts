import { expect, type Page } from '@playwright/test';

/** A GET of the API with the page's own session; the answer's `data`. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const response = await page.request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}
