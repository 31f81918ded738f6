import { Button, type ButtonVariant } from '@/components/ui/button';
import { useSecondsLeft } from '../lib/use-seconds-left';

/**
 * Mails another code (beyond the spec). The server refuses a new code for a while after the
 * last one, so the button waits for `resendAvailableAt` and says how long. Key it by
 * `resendAvailableAt`: the countdown's clock starts when it mounts.
 */
export function ResendCodeButton({
  resendAvailableAt,
  label,
  variant,
  sending,
  disabled,
  onResend,
}: {
  resendAvailableAt: string;
  label: string;
  variant: ButtonVariant;
  sending: boolean;
  disabled: boolean;
  onResend: () => void;
}) {
  const wait = useSecondsLeft(resendAvailableAt);
  return (
    <Button
      variant={variant}
      size="sm"
      disabled={disabled || wait > 0}
      loading={sending}
      loadingText="Sending..."
      onClick={onResend}
      // A link-styled button is only as tall as its text: too small a target on a phone.
      className="min-h-10"
    >
      {wait > 0 ? `${label} in ${wait}s` : label}
    </Button>
  );
}
