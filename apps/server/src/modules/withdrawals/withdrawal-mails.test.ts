import { microText } from '@ctn/contracts/money-display';
import { describe, expect, it } from 'vitest';
import { withdrawalAlertMail } from './withdrawal-mails';

describe('withdrawalAlertMail', () => {
  it('tells the administrator who asked for how much, to where, and links the review', () => {
    const mail = withdrawalAlertMail(
      { email: 'admin@example.com', firstName: 'Grace' },
      {
        id: 'w-1',
        member: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email: 'ada@example.com',
          userNumber: 'CT000042',
        },
        amount: microText(1_234_500_000n, 'exact'),
        walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      },
      'http://app.test',
    );
    expect(mail.toAddress).toBe('admin@example.com');
    expect(mail.subject).toBe('New withdrawal request: 1,234.50 USDT from Ada Lovelace');
    expect(mail.textBody).toContain('Ada Lovelace (ada@example.com, CT000042) requested');
    expect(mail.textBody).toContain('Wallet address: 0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(mail.textBody).toContain('http://app.test/admin/withdrawals/w-1');
  });
});
