import type { User } from '@ctn/contracts/accounts';
import type { Subscription, SubscriptionPayment } from '@ctn/contracts/onboarding';
import type { RewardStats } from '@ctn/contracts/rewards';

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
    // Administrators always sign in with a second factor; members may.
    twoFactorEnabled: overrides.isAdmin === true,
    ...overrides,
  };
}

export const DEPOSIT_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
export const USDT_CONTRACT = '0x55d398326f99059fF775485246999027B3197955';

export function makePayment(overrides: Partial<SubscriptionPayment> = {}): SubscriptionPayment {
  return {
    _id: '0b0e6f7a-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    amount: 10,
    transactionHash: '0x8f3a1c9e5b7d2f4a6c8e0b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e5b7d9f1a',
    blockNumber: 1234,
    periodsAdded: 1,
    paidUntil: '2025-02-04T10:00:00.000Z',
    paidFrom: '2025-01-05T10:00:00.000Z',
    creditedAt: '2025-01-05T10:00:00.000Z',
    ...overrides,
  };
}

/** An unpaid subscription with nothing credited yet (the development chain). */
export function makeSubscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    subscriptionFee: { paid: false, timestamp: null },
    paidUntil: null,
    feeUsdt: 10,
    periodDays: 30,
    creditUsdt: 0,
    amountDueUsdt: 10,
    walletAddress: DEPOSIT_ADDRESS,
    usdtContract: USDT_CONTRACT,
    network: 'BEP20 (BSC)',
    explorerUrl: 'https://testnet.bscscan.com',
    simulatedChain: false,
    payments: [],
    ...overrides,
  };
}

/** Balances that add up: 125.50 available + 174.50 withdrawn = 300 earned. */
export function makeRewardStats(overrides: Partial<RewardStats> = {}): RewardStats {
  return {
    currentBalance: 125.5,
    totalRewards: 300,
    totalWithdrawn: 174.5,
    rewardBreakdown: { directRewards: 20, downlineRewards: 280, calculatedTotal: 300 },
    lockedBalance: 0,
    heldBalance: 0,
    pendingWithdrawals: 0,
    forfeited: 0,
    compliance: {
      locked: false,
      reasons: [],
      lockedSince: null,
      forfeitsAt: null,
      daysLeft: null,
      checkedAt: null,
    },
    minimumWithdrawal: 10,
    subscription: { paidUntil: '2025-04-04T10:00:00.000Z', feeUsdt: 10 },
    earningsOverTime: [],
    ...overrides,
  };
}
