import type { LegalDocument, SiteLinks } from '@ctn/contracts/site';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/client';
import { appWithAdmin, call, signedInMember, type TestApp } from '../../../test/test-app';

const AFFILIATE = 'https://bingx.com/invite/ENVCODE';

let t: TestApp;
let admin: { token: string };

beforeAll(async () => ({ t, admin } = await appWithAdmin({ SITE_AFFILIATE_URL: AFFILIATE })));
afterAll(() => t.close());

const publicLinks = async () => (await call<SiteLinks>(t.app, 'GET', '/api/public/site')).body.data;
const legal = async (document: string) =>
  (await call<LegalDocument>(t.app, 'GET', `/api/public/legal/${document}`)).body;

const LINKS: SiteLinks = {
  affiliateUrl: 'https://bingx.com/invite/SAVED',
  copyTradingUrl: 'https://bingx.com/en/CopyTrading/123456',
  updatesChannelUrl: null,
  communityChannelUrl: 'https://t.me/ctn_members',
  supportEmail: 'help@ctn.example.com',
};

describe('the public site links', () => {
  it('come from the environment until saved, and an unset one is null, never a placeholder', async () => {
    expect(await publicLinks()).toEqual({
      affiliateUrl: AFFILIATE,
      copyTradingUrl: null,
      updatesChannelUrl: null,
      communityChannelUrl: null,
      supportEmail: null,
    });
    // Without a mailbox the legal text points to the support page instead.
    expect((await legal('terms')).data?.body).toContain('the address on our Help & Support page');
  });

  it('only an administrator saves them; http links and malformed mailboxes are refused', async () => {
    const member = await signedInMember(t);
    const asMember = await call(t.app, 'PUT', '/api/admin/settings/site', {
      token: member.token,
      body: LINKS,
    });
    expect(asMember.status).toBe(403);
    const insecure = await call(t.app, 'PUT', '/api/admin/settings/site', {
      token: admin.token,
      body: { ...LINKS, affiliateUrl: 'http://bingx.com/invite/X', supportEmail: 'nobody' },
    });
    expect(insecure.status).toBe(400);
    expect(JSON.stringify(insecure.body)).toContain('must be an https:// address');
    expect(await publicLinks()).toMatchObject({ affiliateUrl: AFFILIATE });
  });

  it('saved links are public at once, audited, and name the mailbox in the legal text', async () => {
    const saved = await call<SiteLinks>(t.app, 'PUT', '/api/admin/settings/site', {
      token: admin.token,
      body: LINKS,
    });
    expect(saved.status).toBe(200);
    expect(await publicLinks()).toEqual(LINKS);
    expect((await legal('privacy')).data?.body).toContain('help@ctn.example.com');
    const [entry] = await rowsOf<{ after: SiteLinks }>(
      t.database.db,
      sql`select after from audit_log where target_id = 'site' order by created_at desc limit 1`,
    );
    expect(entry?.after).toEqual(LINKS);
  });
});

describe('the legal pages', () => {
  it('show the built-in text, never dated, until an administrator saves their own', async () => {
    const risk = await legal('risk');
    expect(risk.data).toMatchObject({
      document: 'risk',
      title: 'Risk Disclosure',
      updatedAt: null,
    });
    expect(risk.data?.body).toContain('You can lose part or all of the money');
    expect((await legal('cookies')).success).toBe(false);
  });

  it('an administrator edits one; the page shows it with the day it changed', async () => {
    const body = '## Our terms\n\nThese are the operator’s own terms, reviewed by a lawyer.';
    const saved = await call<LegalDocument>(t.app, 'PUT', '/api/admin/settings/legal/terms', {
      token: admin.token,
      body: { body: `  ${body}\n` },
    });
    expect(saved.status).toBe(200);
    const terms = await legal('terms');
    expect(terms.data?.body).toBe(body);
    expect(terms.data?.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // The other pages keep their built-in text.
    expect((await legal('privacy')).data?.updatedAt).toBeNull();
  });

  it('refuses a text too short to be a page, keeping the saved one', async () => {
    const short = await call(t.app, 'PUT', '/api/admin/settings/legal/terms', {
      token: admin.token,
      body: { body: 'Nothing.' },
    });
    expect(short.status).toBe(400);
    expect((await legal('terms')).data?.body).toContain('reviewed by a lawyer');
  });
});
