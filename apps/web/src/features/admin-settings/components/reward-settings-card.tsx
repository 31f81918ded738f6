import { formatPercent } from '@/lib/format';
import { REFERRAL_LEVELS } from '@ctn/contracts/constants';
import type { RewardSettings } from '@ctn/contracts/settings';
import { Minus, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useRewardSettings } from '../api/get-reward-settings';
import { useUpdateRewardSettings } from '../api/update-reward-settings';
import { refusalText } from '@/lib/refusal-text';
import {
  fromDraft,
  percentSum,
  sameSettings,
  toDraft,
  validateSettings,
  type SettingsDraft,
} from '../lib/reward-settings-form';
import { PercentInputs } from './percent-inputs';

/**
 * Beyond the spec: the subscription fee, the minimum withdrawal, both reward schedules and the
 * compliance window.
 */
export function RewardSettingsCard() {
  const settings = useRewardSettings();
  const saved = settings.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Reward Settings</CardTitle>
        <CardDescription>
          The fee and schedules apply to rewards credited from now on; past rewards keep theirs.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">Loading reward settings...</span>
            <Skeleton className="h-10 w-48" />
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : !saved ? (
          <div className="space-y-3">
            <Alert variant="error">
              {errorMessage(
                settings.error,
                'Failed to load reward settings',
                'An error occurred while loading reward settings',
              )}
            </Alert>
            <Button variant="outline" onClick={() => void settings.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          // A new saved state (after Save) starts the form again from it; a refetch that brings
          // the same values keeps what the admin is typing.
          <RewardSettingsForm key={JSON.stringify(saved)} saved={saved} />
        )}
      </CardContent>
    </Card>
  );
}

function RewardSettingsForm({ saved }: { saved: RewardSettings }) {
  const [draft, setDraft] = useState<SettingsDraft>(() => toDraft(saved));
  const save = useUpdateRewardSettings();
  const values = fromDraft(draft);
  const errors = validateSettings(values);
  const valid = Object.keys(errors).length === 0;
  const changed = !sameSettings(values, saved);

  const edit = (next: (d: SettingsDraft) => SettingsDraft) => {
    if (save.isError) save.reset();
    setDraft(next);
  };
  const setPercent = (list: 'directPercents' | 'downlinePercents') => (i: number, v: string) =>
    edit((d) => ({ ...d, [list]: d[list].map((old, j) => (j === i ? v : old)) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || !changed) return;
    save.mutate(values, { onSuccess: () => toast('Reward settings saved') });
  };

  const direct = draft.directPercents;
  return (
    <form onSubmit={submit} noValidate aria-label="Reward Settings" className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Field
          id="reward-fee"
          label="Subscription fee (USDT)"
          error={errors.subscriptionFee}
          hint="Charged per 30-day period."
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              min={1}
              step={0.01}
              value={draft.subscriptionFee}
              onChange={(e) => edit((d) => ({ ...d, subscriptionFee: e.target.value }))}
            />
          )}
        </Field>
        <Field
          id="reward-minimum-withdrawal"
          label="Minimum withdrawal (USDT)"
          error={errors.minimumWithdrawal}
          hint="The smallest amount a member may request."
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="decimal"
              min={0.01}
              step={0.01}
              value={draft.minimumWithdrawal}
              onChange={(e) => edit((d) => ({ ...d, minimumWithdrawal: e.target.value }))}
            />
          )}
        </Field>
        <Field
          id="reward-copying-days"
          label="Copying stopped after (days)"
          error={errors.copyingStoppedDays}
          hint="Days without copy-trading volume before a member's earnings lock."
        >
          {(control) => (
            <Input
              {...control}
              type="number"
              inputMode="numeric"
              min={1}
              max={90}
              step={1}
              value={draft.copyingStoppedDays}
              onChange={(e) => edit((d) => ({ ...d, copyingStoppedDays: e.target.value }))}
            />
          )}
        </Field>
      </div>

      <PercentInputs
        id="reward-direct"
        legend="DIRECT rewards (percent of the fee)"
        values={direct}
        errors={(i) => errors[`directPercents.${i}`]}
        groupError={errors.directPercents}
        onChange={setPercent('directPercents')}
        footer={
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm font-medium text-fg-muted">
              Direct total: {formatPercent(percentSum(values.directPercents))} of the fee
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  edit((d) => ({ ...d, directPercents: d.directPercents.slice(0, -1) }))
                }
                disabled={direct.length <= 1}
              >
                <Minus className="size-4" aria-hidden="true" />
                Remove level
              </Button>
              <Button
                variant="outline"
                size="sm"
                onClick={() => edit((d) => ({ ...d, directPercents: [...d.directPercents, '0'] }))}
                disabled={direct.length >= REFERRAL_LEVELS}
              >
                <Plus className="size-4" aria-hidden="true" />
                Add level
              </Button>
            </div>
          </div>
        }
      />

      <PercentInputs
        id="reward-downline"
        legend="DOWNLINE rewards (percent of the master amount)"
        values={draft.downlinePercents}
        errors={(i) => errors[`downlinePercents.${i}`]}
        groupError={errors.downlinePercents}
        onChange={setPercent('downlinePercents')}
        footer={
          <p className="text-sm font-medium text-fg-muted">
            Downline total: {formatPercent(percentSum(values.downlinePercents))} of the master
            amount
          </p>
        }
      />

      {save.isError ? (
        <Alert variant="error">
          {refusalText(
            save.error,
            'Failed to save reward settings',
            'An error occurred while saving reward settings',
          )}
        </Alert>
      ) : null}

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button
          variant="outline"
          onClick={() => edit(() => toDraft(saved))}
          disabled={!changed || save.isPending}
        >
          Reset
        </Button>
        <Button
          type="submit"
          disabled={!changed || !valid}
          loading={save.isPending}
          loadingText="Saving..."
        >
          Save
        </Button>
      </div>
    </form>
  );
}
