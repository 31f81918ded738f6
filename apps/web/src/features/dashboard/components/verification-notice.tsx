import { Mail, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Alert, type AlertVariant } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { useResendVerificationEmail } from '../api/resend-verification-email';

const RESEND_FAILED = 'Failed to send verification email';

/** The unverified member's warning with a Resend verification button and its outcome. */
export function VerificationNotice({ email }: { email: string }) {
  const resend = useResendVerificationEmail();
  const [result, setResult] = useState<{ variant: AlertVariant; text: string } | null>(null);

  const onResend = () => {
    setResult(null);
    resend.mutate(email, {
      onSuccess: (text) => setResult({ variant: 'success', text }),
      onError: (error) => setResult({ variant: 'error', text: errorMessage(error, RESEND_FAILED) }),
    });
  };

  return (
    <section
      aria-label="Email verification"
      className="space-y-3 rounded-2xl border border-amber-500/30 bg-warning-soft p-4 text-warning-soft-fg sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-start gap-3 text-sm leading-relaxed">
          <TriangleAlert className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
          <span>
            <strong className="font-semibold">Email verification required</strong> - Please verify
            your email address to unlock all platform features.
          </span>
        </p>
        <Button
          variant="outline"
          size="sm"
          onClick={onResend}
          loading={resend.isPending}
          loadingText="Sending..."
          className="self-start sm:self-center"
        >
          <Mail className="size-4" aria-hidden="true" />
          Resend verification
        </Button>
      </div>
      {result ? <Alert variant={result.variant}>{result.text}</Alert> : null}
    </section>
  );
}
