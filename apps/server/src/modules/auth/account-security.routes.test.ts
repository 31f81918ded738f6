import type { SecurityEventsResponse, SessionView } from '@ctn/contracts/security';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, nextIp, signedInMember, type TestApp } from '../../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

/** Another sign-in of the same member, from a phone at another address. */
async function signInAgain(m: { email: string; password: string }) {
  const answer = await t.app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: m.email, password: m.password },
    headers: { 'user-agent': PHONE },
    remoteAddress: '198.51.100.7',
  });
  return answer.json<{ data: { token: string } }>().data.token;
}

const sessionsOf = async (token: string) =>
  (await call<{ sessions: SessionView[] }>(t.app, 'GET', '/api/users/sessions', { token })).body
    .data!.sessions;
const profileStatus = async (token: string) =>
  (await call(t.app, 'GET', '/api/users/profile', { token })).status;

describe('sessions', () => {
  it('lists where the member is signed in, and signs one session out', async () => {
    const m = await signedInMember(t);
    const phone = await signInAgain(m);
    const list = await sessionsOf(m.token);
    expect(list).toHaveLength(2);
    const phoneSession = list.find((s) => !s.current)!;
    expect(phoneSession).toMatchObject({ device: 'Chrome on Android', ip: '198.51.100.7' });
    expect(list.filter((s) => s.current)).toHaveLength(1);

    const ended = await call(t.app, 'DELETE', `/api/users/sessions/${phoneSession.id}`, {
      token: m.token,
    });
    expect(ended.status).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(m.token)).toBe(200);
    // Another member's session cannot be ended by its id.
    const other = await signedInMember(t);
    const otherSession = (await sessionsOf(other.token))[0]!;
    const refused = await call(t.app, 'DELETE', `/api/users/sessions/${otherSession.id}`, {
      token: m.token,
    });
    expect(refused.status).toBe(404);
    expect(await profileStatus(other.token)).toBe(200);
  });

  it('signs the calling session out: its token then gets 401, the other session stays, the log shows it', async () => {
    const m = await signedInMember(t);
    const phone = await signInAgain(m);
    const out = await call(t.app, 'POST', '/api/users/logout', { token: phone });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('SIGNED_OUT');
    expect(await profileStatus(phone)).toBe(401);
    expect((await call(t.app, 'POST', '/api/users/logout', { token: phone })).status).toBe(401);
    expect(await profileStatus(m.token)).toBe(200);
    const list = await sessionsOf(m.token);
    expect(list).toHaveLength(1);
    expect(list[0]!.current).toBe(true);
    const log = await call<SecurityEventsResponse>(t.app, 'GET', '/api/users/security-events', {
      token: m.token,
    });
    expect(log.body.data!.events[0]).toMatchObject({ kind: 'SIGNED_OUT' });
  });

  it('signs out everywhere, this session too, and logs and mails it', async () => {
    const m = await signedInMember(t);
    const phone = await signInAgain(m);
    const answer = await call(t.app, 'POST', '/api/users/sessions/sign-out-everywhere', {
      token: m.token,
    });
    expect(answer.status).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await profileStatus(m.token)).toBe(401);
    const fresh = await signInAgain(m);
    const log = await call<SecurityEventsResponse>(t.app, 'GET', '/api/users/security-events', {
      token: fresh,
    });
    expect(log.body.data!.events.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['SIGN_IN', 'SIGNED_OUT_EVERYWHERE']),
    );
    expect(log.body.data!.withdrawalsFrozenUntil).toBeNull();
    const mails = await t.services.mail.listMailbox();
    expect(
      mails.some((x) => x.toAddress === m.email && x.subject.includes('Signed out everywhere')),
    ).toBe(true);
  });
});

describe('change password', () => {
  it('counts wrong current passwords; the tenth ends every session and mails the member', async () => {
    const m = await signedInMember(t);
    const phone = await signInAgain(m);
    const wrong = () =>
      call(t.app, 'PUT', '/api/users/change-password', {
        token: m.token,
        ip: nextIp(),
        body: {
          currentPassword: 'Wrong@Pass1',
          newPassword: 'Newer@Pass1',
          confirmPassword: 'Newer@Pass1',
        },
      });
    for (let i = 0; i < 9; i++)
      expect((await wrong()).body.errorCode).toBe('CURRENT_PASSWORD_INCORRECT');
    expect(await profileStatus(m.token)).toBe(200);
    expect((await wrong()).body.errorCode).toBe('CURRENT_PASSWORD_INCORRECT');
    expect(await profileStatus(m.token)).toBe(401);
    expect(await profileStatus(phone)).toBe(401);
    const mails = await t.services.mail.listMailbox();
    expect(
      mails.some(
        (x) => x.toAddress === m.email && x.subject.startsWith('Security alert: Too many wrong'),
      ),
    ).toBe(true);
    // Signed in again, the guesser is still out of tries for the hour, even with the right one.
    const again = await signInAgain(m);
    const right = await call(t.app, 'PUT', '/api/users/change-password', {
      token: again,
      body: {
        currentPassword: m.password,
        newPassword: 'Newer@Pass1',
        confirmPassword: 'Newer@Pass1',
      },
    });
    expect(right.body.errorCode).toBe('TOO_MANY_REQUESTS');
  });

  it('20 wrong guesses sent at once: at most 10 are checked', async () => {
    const m = await signedInMember(t);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, 'PUT', '/api/users/change-password', {
          token: m.token,
          body: {
            currentPassword: 'Wrong@Pass1',
            newPassword: 'Newer@Pass1',
            confirmPassword: 'Newer@Pass1',
          },
        }),
      ),
    );
    const checked = answers.filter((a) => a.body.errorCode === 'CURRENT_PASSWORD_INCORRECT');
    expect(checked.length).toBeLessThanOrEqual(10);
    expect(
      answers.every((a) =>
        ['CURRENT_PASSWORD_INCORRECT', 'TOO_MANY_REQUESTS', 'UNAUTHORIZED'].includes(
          a.body.errorCode!,
        ),
      ),
    ).toBe(true);
  });

  it('a right change ends the other sessions and keeps this one with a new token', async () => {
    const m = await signedInMember(t);
    const phone = await signInAgain(m);
    const changed = await call<{ token: string }>(t.app, 'PUT', '/api/users/change-password', {
      token: m.token,
      body: {
        currentPassword: m.password,
        newPassword: 'Newer@Pass1',
        confirmPassword: 'Newer@Pass1',
      },
    });
    expect(changed.status).toBe(200);
    expect(await profileStatus(changed.body.data!.token)).toBe(200);
    expect(await profileStatus(phone)).toBe(401);
    expect(await sessionsOf(changed.body.data!.token)).toHaveLength(1);
  });
});
