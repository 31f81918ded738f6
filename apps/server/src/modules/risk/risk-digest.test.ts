import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdmin, nextIp, signedInMember, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => ({ t } = await appWithAdmin()));
afterAll(() => t.close());

const digests = async () =>
  (await t.services.mail.listMailbox(500)).filter(
    (m) => m.toAddress === 'admin@example.com' && m.subject.startsWith('Risk center:'),
  );
async function twoMembersOnOneAddress() {
  const a = await signedInMember(t);
  const b = await signedInMember(t);
  const ip = nextIp();
  await t.database.db.execute(sql`insert into member_logins (user_id, ip) values
    (${a.user._id}, ${ip}), (${b.user._id}, ${ip})`);
  return ip;
}

describe('risk digest', () => {
  it('mails nothing while there is nothing new', async () => {
    expect(await t.services.risk.digest()).toEqual({ mailed: 0 });
    expect(await digests()).toHaveLength(0);
  });

  it('mails the new signals once, then only signals newer than that digest', async () => {
    const first = await twoMembersOnOneAddress();
    expect(await t.services.risk.digest()).toEqual({ mailed: 1 });
    const [mail] = await digests();
    expect(mail!.subject).toBe('Risk center: 1 new signal');
    expect(mail!.textBody).toContain(`Shared sign-in address: 2 members signed in from ${first}`);
    expect(mail!.textBody).toContain('/admin/risk');

    expect(await t.services.risk.digest()).toEqual({ mailed: 0 });
    expect(await digests()).toHaveLength(1);

    const second = await twoMembersOnOneAddress();
    expect(await t.services.risk.digest()).toEqual({ mailed: 1 });
    const latest = await digests();
    expect(latest).toHaveLength(2);
    const newest = latest.find((m) => m.id !== mail!.id)!;
    expect(newest.textBody).toContain(second);
    expect(newest.textBody).not.toContain(first);
  });
});
