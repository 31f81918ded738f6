import { isOtp, isWalletAddress } from '@ctn/contracts/validation';

/**
 * The withdrawal dialog's rules, kept free of React so they are tested on their own (member
 * section 5, "Withdrawal form" and "OTP"; the texts of section 8 are a contract).
 */

export const WITHDRAWAL_TEXT = {
  required: 'Please fill in all required fields',
  invalidWallet: 'Please enter a valid wallet address',
  invalidAmount: 'Invalid withdrawal amount',
  walletValid: 'Valid wallet address',
  walletInvalid: 'Invalid wallet address format',
  otpRequired: 'Please enter the OTP code',
  otpIncomplete: 'Please enter the 6-digit code',
  requestFailed: 'Failed to request OTP',
  otpInvalid: 'Invalid OTP code',
  verifyFailed: 'Failed to verify OTP',
  submitFailed: 'Failed to submit withdrawal request',
  submitted: 'Withdrawal request submitted',
  codeResent: 'A new code has been sent to your email address.',
} as const;

/** What the member typed, as typed: the amount stays a string until it is checked. */
export interface WithdrawalFormValues {
  amount: string;
  walletAddress: string;
}

export const EMPTY_WITHDRAWAL_FORM: WithdrawalFormValues = { amount: '', walletAddress: '' };

/** A checked form: what POST /withdrawals gets besides the asset and the code. */
export interface WithdrawalDraft {
  amount: number;
  walletAddress: string;
}

export interface WithdrawalLimits {
  /** The current balance: the most that may be asked for. */
  balance: number;
  /** The admin's minimum withdrawal (beyond the spec). */
  minimum: number;
}

const plainNumber = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });

/** `10` -> `10`, `12.5` -> `12.5`: the minimum reads like the admin typed it, not as money. */
export function formatMinimum(minimum: number): string {
  return plainNumber.format(minimum);
}

export const minimumHint = (minimum: number) => `Minimum ${formatMinimum(minimum)} USDT`;
export const belowMinimumText = (minimum: number) =>
  `The minimum withdrawal is ${formatMinimum(minimum)} USDT`;

/** The typed amount as a number; null when it is not a finite number. */
export function parseAmount(value: string): number | null {
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const amount = Number(trimmed);
  return Number.isFinite(amount) ? amount : null;
}

export type WalletIndicator = 'valid' | 'invalid' | null;

/** The live indicator under the address: nothing until something is typed. */
export function walletIndicator(walletAddress: string): WalletIndicator {
  const value = walletAddress.trim();
  if (value === '') return null;
  return isWalletAddress(value) ? 'valid' : 'invalid';
}

/** Continue is disabled while busy, when a field is empty or when the address is invalid. */
export function canContinue(values: WithdrawalFormValues, busy: boolean): boolean {
  return (
    !busy &&
    values.amount.trim() !== '' &&
    values.walletAddress.trim() !== '' &&
    walletIndicator(values.walletAddress) === 'valid'
  );
}

export type WithdrawalFormCheck =
  { ok: true; draft: WithdrawalDraft } | { ok: false; error: string };

/**
 * The checks of Continue, in the spec's order: both fields, the address, the amount against the
 * balance; then the minimum, which is ours (the server refuses below it anyway).
 */
export function checkWithdrawalForm(
  values: WithdrawalFormValues,
  { balance, minimum }: WithdrawalLimits,
): WithdrawalFormCheck {
  const walletAddress = values.walletAddress.trim();
  if (values.amount.trim() === '' || walletAddress === '') {
    return { ok: false, error: WITHDRAWAL_TEXT.required };
  }
  if (!isWalletAddress(walletAddress)) return { ok: false, error: WITHDRAWAL_TEXT.invalidWallet };
  const amount = parseAmount(values.amount);
  if (amount === null || amount <= 0 || amount > balance) {
    return { ok: false, error: WITHDRAWAL_TEXT.invalidAmount };
  }
  if (amount < minimum) return { ok: false, error: belowMinimumText(minimum) };
  return { ok: true, draft: { amount, walletAddress } };
}

/** Verify & Submit is enabled with exactly 6 digits only. */
export const canVerify = (code: string, busy: boolean) => !busy && isOtp(code);

/** The code's check before it is sent; null when it may be sent. */
export function otpCodeError(code: string): string | null {
  if (code.trim() === '') return WITHDRAWAL_TEXT.otpRequired;
  return isOtp(code) ? null : WITHDRAWAL_TEXT.otpIncomplete;
}
