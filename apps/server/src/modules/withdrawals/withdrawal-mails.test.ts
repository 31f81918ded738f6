import { microText } from '@ctn/contracts/money-display';
import { describe, expect, it } from 'vitest';
import { withdrawalAlertMail, withdrawalDecisionMail } from './withdrawal-mails';

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

describe('withdrawalDecisionMail', () => {
  const decision = {
    status: 'APPROVED' as const,
    amount: '12.50',
    walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    reason: null,
  };
  const member = { email: 'ada@example.com', firstName: 'Ada' };

  it('says paid only with the transaction to show', () => {
    const paid = withdrawalDecisionMail(
      member,
      { ...decision, txUrl: 'https://bscscan.com/tx/0xabc' },
      'http://app.test/rewards',
    );
    expect(paid.textBody).toContain('was approved and paid');
    expect(paid.textBody).toContain('Transaction: https://bscscan.com/tx/0xabc');
  });

  it('without a transaction says approved, not paid', () => {
    const approved = withdrawalDecisionMail(
      member,
      { ...decision, txUrl: null },
      'http://app.test/rewards',
    );
    expect(approved.textBody).toContain('was approved.');
    expect(approved.textBody).not.toContain('paid');
  });
});
