import type { OtpRequestResponse } from '@ctn/contracts/withdrawals';
import { useState } from 'react';
import { DialogContent } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast';
import { formatUsdt, shortenAddress } from '@/lib/format';
import { useAuthenticatedUser } from '@/lib/session';
import { useCreateWithdrawal } from '../api/create-withdrawal';
import { useRequestWithdrawalOtp } from '../api/request-otp';
import { useVerifyWithdrawalOtp } from '../api/verify-otp';
import {
  checkWithdrawalForm,
  EMPTY_WITHDRAWAL_FORM,
  otpCodeError,
  WITHDRAWAL_TEXT,
  type WithdrawalDraft,
  type WithdrawalFormValues,
} from '../lib/withdrawal-form';
import { isResendTooSoon, needsNewCode, withdrawalErrorText } from '../lib/withdrawal-errors';
import { WithdrawalCodeStep, type CodeStepError, type SubmitPhase } from './withdrawal-code-step';
import {
  forgetOpenCode,
  lastAddress,
  openCode,
  rememberAddress,
  rememberOpenCode,
} from '../lib/withdrawal-memory';
import { WithdrawalFormStep } from './withdrawal-form-step';

const sameDraft = (a: WithdrawalDraft, b: WithdrawalDraft) =>
  a.amount === b.amount && a.walletAddress.toLowerCase() === b.walletAddress.toLowerCase();

export interface WithdrawalFlowProps {
  balance: number;
  minimum: number;
  /** Told when closing must wait (the code is being checked or the request created). */
  onLock: (locked: boolean) => void;
  onCancel: () => void;
  onSubmitted: () => void;
}

/**
 * The two steps of member section 4: the form requests a code; the code is verified, then the
 * withdrawal is created. Back keeps the form; everything else lives only as long as the dialog.
 */
export function WithdrawalFlow({
  balance,
  minimum,
  onLock,
  onCancel,
  onSubmitted,
}: WithdrawalFlowProps) {
  const { _id: userId, twoFactorEnabled } = useAuthenticatedUser();
  // A code mailed for a request in progress brings the member back to the code step; otherwise
  // the form starts from the last address paid to.
  const [resumed] = useState(() => openCode(userId));
  const [values, setValues] = useState<WithdrawalFormValues>(() =>
    resumed
      ? { amount: String(resumed.draft.amount), walletAddress: resumed.draft.walletAddress }
      : { ...EMPTY_WITHDRAWAL_FORM, walletAddress: lastAddress(userId) },
  );
  const [formError, setFormError] = useState<string | null>(null);
  /** The checked form and the last code's times; kept on Back, for the way forward again. */
  const [draft, setDraft] = useState<WithdrawalDraft | null>(resumed?.draft ?? null);
  const [otp, setOtp] = useState<OtpRequestResponse | null>(resumed?.otp ?? null);
  const [showCode, setShowCode] = useState(resumed !== null);
  const [code, setCode] = useState('');
  const [totp, setTotp] = useState('');
  const [codeError, setCodeError] = useState<CodeStepError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [phase, setPhase] = useState<SubmitPhase | null>(null);

  // Two observers of the same call, so Continue and Resend each show their own busy state.
  const requestOtp = useRequestWithdrawalOtp();
  const resendOtp = useRequestWithdrawalOtp();
  const verifyOtp = useVerifyWithdrawalOtp();
  const createWithdrawal = useCreateWithdrawal();

  const openCodeStep = (checked: WithdrawalDraft, times: OtpRequestResponse) => {
    setDraft(checked);
    setOtp(times);
    rememberOpenCode(userId, { draft: checked, otp: times });
    setCode('');
    setCodeError(null);
    setNotice(null);
    setShowCode(true);
  };

  const onContinue = async () => {
    if (requestOtp.isPending) return;
    const check = checkWithdrawalForm(values, { balance, minimum });
    if (!check.ok) {
      setFormError(check.error);
      return;
    }
    setFormError(null);
    try {
      openCodeStep(check.draft, await requestOtp.mutateAsync(check.draft));
    } catch (error) {
      // Back and Continue again within the resend wait: the code mailed a moment ago still
      // works, so the member goes on with it instead of being stopped.
      // Only for the same withdrawal: the mail states the amount and the address it is for.
      if (
        isResendTooSoon(error) &&
        otp &&
        draft &&
        sameDraft(draft, check.draft) &&
        Date.parse(otp.expiresAt) > Date.now()
      ) {
        openCodeStep(draft, otp);
        return;
      }
      setFormError(withdrawalErrorText(error, WITHDRAWAL_TEXT.requestFailed));
    }
  };

  const onBack = () => {
    setShowCode(false);
    setCode('');
    setCodeError(null);
    setNotice(null);
  };

  const onResend = async (): Promise<boolean> => {
    setCodeError(null);
    setNotice(null);
    try {
      if (!draft) return false;
      const times = await resendOtp.mutateAsync(draft);
      setOtp(times);
      rememberOpenCode(userId, { draft, otp: times });
      setCode('');
      setNotice(WITHDRAWAL_TEXT.codeResent);
      return true;
    } catch (error) {
      setCodeError({
        text: withdrawalErrorText(error, WITHDRAWAL_TEXT.requestFailed),
        newCode: false,
      });
      return false;
    }
  };

  const fail = (error: unknown, fallback: string, exception?: string) => {
    setCodeError({
      text: withdrawalErrorText(error, fallback, exception),
      newCode: needsNewCode(error),
    });
  };

  const onVerify = async () => {
    if (!draft || phase) return;
    const problem = otpCodeError(code);
    if (problem) {
      setCodeError({ text: problem, newCode: false });
      return;
    }
    setCodeError(null);
    setNotice(null);
    onLock(true);
    setPhase('verifying');
    try {
      try {
        await verifyOtp.mutateAsync(code);
      } catch (error) {
        fail(error, WITHDRAWAL_TEXT.otpInvalid, WITHDRAWAL_TEXT.verifyFailed);
        return;
      }
      setPhase('submitting');
      try {
        await createWithdrawal.mutateAsync({
          ...draft,
          asset: 'USDT',
          otp: code,
          ...(twoFactorEnabled ? { totpCode: totp.trim() } : {}),
        });
      } catch (error) {
        fail(error, WITHDRAWAL_TEXT.submitFailed);
        return;
      }
      forgetOpenCode();
      rememberAddress(userId, draft.walletAddress);
      toast(WITHDRAWAL_TEXT.submitted, {
        description: `${formatUsdt(draft.amount)} to ${shortenAddress(draft.walletAddress)} is awaiting review.`,
      });
      onSubmitted();
    } finally {
      setPhase(null);
      onLock(false);
    }
  };

  const codeStep = showCode && draft && otp ? { draft, otp } : null;

  return (
    <DialogContent
      title={codeStep ? 'Enter Verification Code' : 'Request Withdrawal'}
      description={
        codeStep
          ? "We've sent a verification code to your email address."
          : 'Enter the amount and the wallet address to receive it. We then email you a verification code.'
      }
    >
      {codeStep ? (
        <WithdrawalCodeStep
          draft={codeStep.draft}
          otp={codeStep.otp}
          code={code}
          onCode={(next) => {
            setCode(next);
            setCodeError(null);
          }}
          twoFactor={twoFactorEnabled}
          totp={totp}
          onTotp={(next) => {
            setTotp(next);
            setCodeError(null);
          }}
          error={codeError}
          notice={notice}
          phase={phase}
          resending={resendOtp.isPending}
          onVerify={() => void onVerify()}
          onBack={onBack}
          onResend={onResend}
        />
      ) : (
        <WithdrawalFormStep
          values={values}
          onValues={(next) => {
            setValues(next);
            setFormError(null);
          }}
          error={formError}
          busy={requestOtp.isPending}
          balance={balance}
          minimum={minimum}
          onContinue={() => void onContinue()}
          onCancel={onCancel}
          openCode={otp && draft ? otp : null}
          onHaveCode={() => draft && otp && openCodeStep(draft, otp)}
        />
      )}
    </DialogContent>
  );
}
