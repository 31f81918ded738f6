import { describe, expect, it } from 'vitest';
import { registrationAlertMail } from './auth-mails';

describe('registrationAlertMail', () => {
  it('names the new member to the administrator and links their page', () => {
    const mail = registrationAlertMail(
      { email: 'admin@example.com', firstName: 'Grace' },
      {
        id: 'u-1',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        userNumber: 'CT000042',
      },
      'http://app.test',
    );
    expect(mail.toAddress).toBe('admin@example.com');
    expect(mail.subject).toBe('New registration: Ada Lovelace');
    expect(mail.textBody).toContain('Ada Lovelace (ada@example.com, CT000042) just registered.');
    expect(mail.textBody).toContain('http://app.test/admin/users/u-1');
  });
});
