import { expect, type APIRequestContext } from '@playwright/test';

/** One mail of the dev mailbox (GET /dev/api/mail, newest first). */
export interface DevMail {
  id: string;
  to: string;
  subject: string;
  createdAt: string;
  text: string;
  html: string;
  links: string[];
}

interface MailListEnvelope {
  success: boolean;
  data: { mails: DevMail[] } | null;
}

export async function listMails(request: APIRequestContext): Promise<DevMail[]> {
  const response = await request.get('/dev/api/mail');
  expect(response.status(), 'GET /dev/api/mail').toBe(200);
  const body = (await response.json()) as MailListEnvelope;
  expect(body.success).toBe(true);
  return body.data?.mails ?? [];
}

/** Waits (briefly) for the newest mail to an address that has a link matching `linkPattern`. */
export async function waitForMailLink(
  request: APIRequestContext,
  to: string,
  linkPattern: RegExp,
): Promise<{ mail: DevMail; link: string }> {
  let found: { mail: DevMail; link: string } | undefined;
  await expect
    .poll(
      async () => {
        const mails = await listMails(request);
        const mail = mails.find((m) => m.to.toLowerCase().includes(to.toLowerCase()));
        const link = mail?.links.find((l) => linkPattern.test(l));
        found = mail && link ? { mail, link } : undefined;
        return found !== undefined;
      },
      {
        message: `a mail to ${to} with a link matching ${linkPattern}`,
        timeout: 10_000,
        intervals: [100, 250, 500],
      },
    )
    .toBe(true);
  return found!;
}
