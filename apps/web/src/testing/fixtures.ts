import type { User } from '@ctn/contracts/accounts';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    _id: '6f1c7a52-7f0e-4d2e-9d7b-3f4a5b6c7d8e',
    userId: 'CT1000234',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    isEmailVerified: true,
    isAdmin: false,
    referralCode: 'AB3CD7EF',
    subscriptionFee: { paid: true, timestamp: '2025-01-05T10:00:00.000Z' },
    bingXUID: '123456789',
    status: 'ACTIVE',
    walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7',
    lastLogin: '2025-01-06T09:30:00.000Z',
    createdAt: '2025-01-01T08:00:00.000Z',
    ...overrides,
  };
}
