import {
  DEFAULT_REWARD_SETTINGS,
  rewardSettingsSchema,
  type RewardSettings,
} from '@ctn/contracts/settings';
import { MICRO_USDT_PER_USDT } from '@ctn/contracts/constants';
import type { Db } from '../../db/client';
import type { Actor, AuditService } from '../audit/audit.service';
import * as q from './settings.queries';

const REWARDS_KEY = 'rewards';

/** Percent with two decimals -> hundredths of a percent, exactly (0.6 -> 60). */
export const toBasisPoints = (percent: number) => Math.round(percent * 100);

/** The reward settings in the units the engine computes with. */
export interface RewardPolicy {
  feeMicro: bigint;
  /** Hundredths of a percent per level, level 1 first. */
  directBp: number[];
  downlineBp: number[];
  copyingStoppedDays: number;
  minimumWithdrawalMicro: bigint;
}

export function rewardPolicyOf(settings: RewardSettings): RewardPolicy {
  return {
    feeMicro: BigInt(Math.round(settings.subscriptionFee * MICRO_USDT_PER_USDT)),
    directBp: settings.directPercents.map(toBasisPoints),
    downlineBp: settings.downlinePercents.map(toBasisPoints),
    copyingStoppedDays: settings.copyingStoppedDays,
    minimumWithdrawalMicro: BigInt(Math.round(settings.minimumWithdrawal * MICRO_USDT_PER_USDT)),
  };
}

/**
 * Settings an administrator saves and that take effect at once (beyond the spec's local-only
 * toggles). Stored as one validated JSON document per group; defaults until first saved.
 */
export class SettingsService {
  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
  ) {}

  /** Reads inside the caller's transaction when given one, so a change never applies halfway. */
  async rewards(db: Db = this.db): Promise<RewardSettings> {
    const stored = rewardSettingsSchema.safeParse(await q.readSetting(db, REWARDS_KEY));
    return stored.success ? stored.data : DEFAULT_REWARD_SETTINGS;
  }

  async rewardPolicy(db: Db = this.db): Promise<RewardPolicy> {
    return rewardPolicyOf(await this.rewards(db));
  }

  async saveRewards(actor: Actor, next: RewardSettings): Promise<RewardSettings> {
    const value = rewardSettingsSchema.parse(next);
    return this.db.transaction(async (tx) => {
      const before = await this.rewards(tx);
      await q.writeSetting(tx, REWARDS_KEY, value, actor.id);
      await this.audit.record(tx, actor, {
        action: 'SETTINGS_UPDATED',
        target: { type: 'settings', id: REWARDS_KEY },
        before,
        after: value,
      });
      return value;
    });
  }
}
