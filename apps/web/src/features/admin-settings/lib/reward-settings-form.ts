import { rewardSettingsSchema, type RewardSettings } from '@ctn/contracts/settings';

/**
 * The reward-settings form keeps what the admin typed as text (a half-typed "1." must survive)
 * and checks it with the contracts' schema, the one the server applies.
 */

export interface SettingsDraft {
  subscriptionFee: string;
  directPercents: string[];
  downlinePercents: string[];
  minimumWithdrawal: string;
  copyingStoppedDays: string;
}

export function toDraft(settings: RewardSettings): SettingsDraft {
  return {
    subscriptionFee: String(settings.subscriptionFee),
    directPercents: settings.directPercents.map(String),
    downlinePercents: settings.downlinePercents.map(String),
    minimumWithdrawal: String(settings.minimumWithdrawal),
    copyingStoppedDays: String(settings.copyingStoppedDays),
  };
}

/** An empty field is not 0: NaN makes the schema say the value must be a number. */
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function fromDraft(draft: SettingsDraft): RewardSettings {
  return {
    subscriptionFee: toNumber(draft.subscriptionFee),
    directPercents: draft.directPercents.map(toNumber),
    downlinePercents: draft.downlinePercents.map(toNumber),
    minimumWithdrawal: toNumber(draft.minimumWithdrawal),
    copyingStoppedDays: toNumber(draft.copyingStoppedDays),
  };
}

/** The first message per field, keyed by path: `subscriptionFee`, `directPercents`, `directPercents.2`. */
export type SettingsErrors = Readonly<Record<string, string>>;

export function validateSettings(values: RewardSettings): SettingsErrors {
  const result = rewardSettingsSchema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}

export function sameSettings(a: RewardSettings, b: RewardSettings): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Of the values that are numbers. */
export function percentSum(values: number[]): number {
  return values.filter(Number.isFinite).reduce((a, b) => a + b, 0);
}
