import { Mail } from 'lucide-react';
import { useId } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { useNotificationSettings, useSaveNotificationSettings } from '../api/notifications';

const ALWAYS_SENT = [
  'Payment received, with the transaction and your paid-until date',
  'Withdrawal approved (with its transaction), rejected or blocked (with the reason)',
  'Withdrawal codes, BingX UID claim decisions and security alerts',
];

/** Email notifications: what is always mailed, and the cycle summaries a member may switch off. */
export function NotificationsCard() {
  const id = useId();
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const checked = save.isPending
    ? (save.variables?.cycleCredited ?? false)
    : (settings.data?.cycleCredited ?? false);
  return (
    <Card>
      <div className="flex items-start gap-3 p-6 pb-0">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
          <Mail className="size-5" aria-hidden="true" />
        </span>
        <div className="space-y-1">
          <CardTitle>Email notifications</CardTitle>
          <CardDescription>Every mail links to the page it is about.</CardDescription>
        </div>
      </div>
      <CardContent className="space-y-4">
        <div>
          <p className="text-sm font-medium text-fg">Always sent</p>
          <ul className="mt-1 list-disc space-y-0.5 pl-5 text-sm text-fg-muted">
            {ALWAYS_SENT.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
        {settings.isPending ? (
          <Skeleton className="h-6 w-64" />
        ) : settings.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <Alert variant="error">
              {errorMessage(settings.error, 'Failed to load your notification settings')}
            </Alert>
            <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
              Retry
            </Button>
          </div>
        ) : (
          <Checkbox
            id={`${id}-cycles`}
            checked={checked}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ cycleCredited: event.target.checked })}
            label="Reward cycle summaries: what each cycle credited to you"
          />
        )}
        {save.isError ? (
          <Alert variant="error">
            {errorMessage(save.error, 'Failed to save. Please try again.')}
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
