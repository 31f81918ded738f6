import { describe, expect, it } from 'vitest';
import { siteLinksSchema } from './site';
import { siteLinksReader } from './site-links';

const set = {
  affiliateUrl: 'https://bingx.com/invite/ABC',
  copyTradingUrl: 'https://bingx.com/copy/master',
  updatesChannelUrl: 'https://t.me/updates',
  communityChannelUrl: 'https://t.me/community',
  supportEmail: 'support@copytrade.example',
};
const unset = {
  affiliateUrl: null,
  copyTradingUrl: null,
  updatesChannelUrl: null,
  communityChannelUrl: null,
  supportEmail: null,
};

describe('siteLinksReader (the landing page reads the links without zod)', () => {
  it.each([
    ['every link set', set],
    ['none set', unset],
    ['some set', { ...unset, affiliateUrl: set.affiliateUrl, supportEmail: set.supportEmail }],
    ['with a field it does not know', { ...set, extra: 1 }],
  ])('reads what the schema reads: %s', (_, answer) => {
    const schema = siteLinksSchema.safeParse(answer);
    const reader = siteLinksReader.safeParse(answer);
    expect(schema.success).toBe(true);
    expect(reader).toEqual({ success: true, data: schema.data });
  });

  it.each([
    ['null', null],
    ['a string', 'https://bingx.com'],
    ['a field missing', { ...set, supportEmail: undefined }],
    ['a number for a link', { ...set, affiliateUrl: 42 }],
    ['an object for the mailbox', { ...set, supportEmail: { to: 'x' } }],
  ])('refuses what the schema refuses: %s', (_, answer) => {
    expect(siteLinksSchema.safeParse(answer).success).toBe(false);
    expect(siteLinksReader.safeParse(answer).success).toBe(false);
  });
});
