import { describe, expect, it } from 'vitest';
import { cycleCreditedMail } from './cycle-mails';

const send = (totalMicro: bigint, lockedMicro = 0n, heldMicro = 0n) =>
  cycleCreditedMail(
    { email: 'ada@example.com', firstName: 'Ada' },
    { number: 7, totalMicro, lockedMicro, heldMicro },
    'http://app.test/rewards/cycles/7',
    'http://app.test/profile',
  );

describe('cycleCreditedMail: amounts by the display rule (decision 050)', () => {
  it('states the credit as balances show it, never rounded up, with the exact credit after', () => {
    const mail = send(1_575_390n, 1_005_000n);
    expect(mail.subject).toBe('Reward cycle #7: 1.57 USDT credited');
    expect(mail.textBody).toContain(
      "Reward cycle #7 credited 1.57 USDT to you from your network's trading (exactly 1.57539 USDT, as your statement lists it).",
    );
    expect(mail.textBody).toContain('1.00 USDT of it is held while your earnings are locked');
  });

  it('states the part held for a UID review, never rounded up', () => {
    const mail = send(2_000_000n, 0n, 1_239_999n);
    expect(mail.textBody).toContain('1.23 USDT of it is held for review');
  });

  it('says the amount once when 2 decimals hold all of it', () => {
    const mail = send(2_000_000n);
    expect(mail.subject).toBe('Reward cycle #7: 2.00 USDT credited');
    expect(mail.textBody).toContain("credited 2.00 USDT to you from your network's trading.");
    expect(mail.textBody).not.toContain('exactly');
    expect(mail.textBody).not.toContain('held');
  });
});
