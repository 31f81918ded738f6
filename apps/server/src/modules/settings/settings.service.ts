import { KeptByKeyUntilChanged, type ChangeFeed } from '../../db/change-feed';
import {
  DEFAULT_REWARD_SETTINGS,
  DEFAULT_SYSTEM_SETTINGS,
  rewardSettingsSchema,
  systemSettingsSchema,
  type RewardSettings,
  type SystemSettings,
} from '@ctn/contracts/settings';
import { MICRO_USDT_PER_USDT } from '@ctn/contracts/constants';
import { complianceModeInputSchema, type ComplianceMode } from '@ctn/contracts/compliance';
import type { Db } from '../../db/client';
import type { Actor, AuditService } from '../audit/audit.service';
import * as q from './settings.queries';

const REWARDS_KEY = 'rewards';
const SYSTEM_KEY = 'system';
const COMPLIANCE_KEY = 'compliance';
/** How long one instance trusts its copy of the system settings (checked on every request). */
export const SYSTEM_CACHE_MS = 5_000;

/** The admin alert mails and the switch of each (both need `emailNotifications` as well). */
/** `operations`: the platform needs an operator (the payment watcher failing, say). */
export type AdminAlert = 'withdrawal' | 'registration' | 'operations';
const ALERT_SWITCH = {
  withdrawal: 'withdrawalAlerts',
  registration: 'userRegistrationAlerts',
} as const satisfies Record<Exclude<AdminAlert, 'operations'>, keyof SystemSettings>;

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
/** The channel migration 0020's trigger notifies, with the key, whenever a setting is saved. */
export const SETTINGS_CHANGES = 'settings_changes';

/**
 * The administrators' settings (admin section 6): the reward policy, system switches and alert
 * recipients, audited when saved and kept in memory until a save is notified.
 */
export class SettingsService {
  private systemCache: { value: SystemSettings; until: number } | null = null;
  /** Bumped on every save, so a read that started before a save cannot cache the old value. */
  private systemGeneration = 0;

  /** For display only (the minimum withdrawal beside the balances): money decisions read the row. */
  private readonly displayed: KeptByKeyUntilChanged<RewardPolicy>;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    /** Announces saved settings on every instance (SETTINGS_CHANGES); null keeps nothing. */
    changes: ChangeFeed | null = null,
  ) {
    this.displayed = new KeptByKeyUntilChanged(changes, 1);
  }

  /**
   * The reward policy to show, kept until a setting is saved on any instance. Never for a
   * decision about money: those read the saved row inside their transaction (rewardPolicy(tx)).
   */
  displayedRewardPolicy(): Promise<RewardPolicy> {
    return this.displayed.get(REWARDS_KEY, () => this.rewardPolicy());
  }

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

  // ------------------------------------------------------------------------------ system

  /**
   * Sessions, sign-in limit, maintenance and alert mails. Checked on every request, so each
   * instance keeps it for SYSTEM_CACHE_MS; a save on this instance applies at once, on another
   * within that time. Pass the caller's transaction when inside one (PGlite has one connection).
   */
  async system(db: Db = this.db): Promise<SystemSettings> {
    const kept = this.keptSystem();
    if (kept) return kept;
    const generation = this.systemGeneration;
    const value = await this.readSystem(db);
    if (generation === this.systemGeneration)
      this.systemCache = { value, until: Date.now() + SYSTEM_CACHE_MS };
    return value;
  }

  /** The system settings when this process holds them, without a promise; else undefined. */
  keptSystem(): SystemSettings | undefined {
    const cached = this.systemCache;
    return cached && cached.until > Date.now() ? cached.value : undefined;
  }

  async saveSystem(actor: Actor, next: SystemSettings): Promise<SystemSettings> {
    const value = systemSettingsSchema.parse(next);
    try {
      return await this.db.transaction(async (tx) => {
        const before = await this.readSystem(tx);
        await q.writeSetting(tx, SYSTEM_KEY, value, actor.id);
        await this.audit.record(tx, actor, {
          action: 'SETTINGS_UPDATED',
          target: { type: 'settings', id: SYSTEM_KEY },
          before,
          after: value,
        });
        return value;
      });
    } finally {
      this.systemGeneration += 1;
      this.systemCache = null;
    }
  }

  /**
   * Who receives an admin alert mail: every active administrator when `emailNotifications` and
   * the alert's own switch are on, nobody otherwise. Reads in the caller's transaction.
   */
  async alertRecipients(tx: Db, alert: AdminAlert): Promise<q.AlertRecipient[]> {
    const system = await this.system(tx);
    if (!system.emailNotifications) return [];
    // Operational alerts have no switch of their own: a lost payment feed is never optional.
    if (alert !== 'operations' && !system[ALERT_SWITCH[alert]]) return [];
    return q.activeAdmins(tx);
  }

  // -------------------------------------------------------------------------- compliance

  /**
   * The saved compliance mode (decision 038); on a database that has none yet, `initial` is
   * saved first (once, whichever instance is first) and then read.
   */
  async complianceMode(
    db: Db,
    initial: (db: Db) => Promise<ComplianceMode>,
  ): Promise<ComplianceMode> {
    const saved = complianceModeInputSchema.safeParse(await q.readSetting(db, COMPLIANCE_KEY));
    if (saved.success) return saved.data.mode;
    await q.insertSettingIfAbsent(db, COMPLIANCE_KEY, { mode: await initial(db) });
    const stored = complianceModeInputSchema.parse(await q.readSetting(db, COMPLIANCE_KEY));
    return stored.mode;
  }

  /** Switches the saved compliance mode; audited (COMPLIANCE_MODE_CHANGED) when it changes. */
  async saveComplianceMode(
    actor: Actor,
    mode: ComplianceMode,
    initial: (db: Db) => Promise<ComplianceMode>,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      await this.complianceMode(tx, initial);
      // Two administrators switching at once: the second reads the first's mode, not the old one.
      const before = complianceModeInputSchema.parse(await q.lockSetting(tx, COMPLIANCE_KEY)).mode;
      if (before === mode) return;
      await q.writeSetting(tx, COMPLIANCE_KEY, { mode }, actor.id);
      await this.audit.record(tx, actor, {
        action: 'COMPLIANCE_MODE_CHANGED',
        target: { type: 'settings', id: COMPLIANCE_KEY },
        before: { mode: before },
        after: { mode },
      });
    });
  }

  private async readSystem(db: Db): Promise<SystemSettings> {
    // Defaults first: settings saved before a field existed keep their values and get its default.
    const saved = await q.readSetting(db, SYSTEM_KEY);
    const stored = systemSettingsSchema.safeParse(
      saved !== null && typeof saved === 'object'
        ? { ...DEFAULT_SYSTEM_SETTINGS, ...saved }
        : saved,
    );
    return stored.success ? stored.data : DEFAULT_SYSTEM_SETTINGS;
  }
}
