import type { RewardSettings } from '@ctn/contracts/settings';

/** The reward settings, as the tests of this feature start from them. */
export function makeRewardSettings(overrides: Partial<RewardSettings> = {}): RewardSettings {
  return {
    subscriptionFee: 10,
    directPercents: [20, 10, 5],
    downlinePercents: [3, 2, 1.5, 1.5, 1, ...Array<number>(10).fill(0.6)],
    minimumWithdrawal: 10,
    copyingStoppedDays: 7,
    ...overrides,
  };
}
