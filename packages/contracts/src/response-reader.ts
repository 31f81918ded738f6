/**
 * What the web app's API client needs of a response's contract: a zod schema is one, and so is a
 * hand-written reader where zod itself would be the heaviest part of a page (`siteLinksReader`
 * in site-links.ts).
 */
export interface ResponseReader<T> {
  safeParse(
    data: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}
