import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** A GET of the API signed in with `token`; the answer's `data`. */
export async function apiGetAs<T>(
  request: APIRequestContext,
  path: string,
  token: string,
): Promise<T> {
  const response = await request.get(path, { headers: { authorization: `Bearer ${token}` } });
  expect(response.ok(), `GET ${path}: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/** A GET of the API with the page's own session; the answer's `data`. */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  return apiGetAs<T>(page.request, path, token ?? '');
}

/** Signs in through the API (for tests whose subject is elsewhere); the session's token. */
export async function apiLogin(
  request: APIRequestContext,
  { email, password, totpCode }: { email: string; password: string; totpCode?: string },
): Promise<string> {
  const data = { email, password, ...(totpCode ? { totpCode } : {}) };
  const response = await request.post('/api/users/login', { data });
  expect(response.ok(), `login: ${await response.text()}`).toBe(true);
  return ((await response.json()) as { data: { token: string } }).data.token;
}
