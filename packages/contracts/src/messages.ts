/**
 * Success codes: every successful answer carries one in `message`, like failures carry an
 * error code. The client shows `text` where a screen displays the server's message.
 */
export const SUCCESS_MESSAGES = {
  OK: 'OK',
  REGISTRATION_SUCCESSFUL:
    'Registration successful! Please check your email to verify your account.',
  LOGIN_SUCCESSFUL: 'Signed in successfully.',
  EMAIL_VERIFICATION_REQUIRED: 'Please verify your email address before signing in.',
  VERIFICATION_EMAIL_SENT: 'Verification email sent successfully! Please check your inbox.',
  EMAIL_VERIFIED: 'Email verified successfully! You can now sign in.',
  PASSWORD_RESET_EMAIL_SENT:
    "If an account with that email exists, we've sent you a password reset link.",
  PASSWORD_RESET_SUCCESSFUL: 'Your password has been reset. You can now sign in.',
  RESET_TOKEN_VALID: 'This reset link is valid. Choose a new password.',
  PASSWORD_CHANGED_SUCCESSFULLY: 'Password changed successfully!',
  BINGX_UID_LINKED: 'BingX UID linked successfully! Redirecting you to the dashboard...',
  SUBSCRIPTION_REFRESHED: 'Subscription status updated.',
  PAYMENT_SIMULATED: 'A simulated payment was sent and confirmed.',
  USER_STATUS_UPDATED: 'User status updated successfully.',
  USER_DELETED: 'The user was anonymised and disabled; their financial history is kept.',
  TWO_FACTOR_ENABLED:
    'Two-factor authentication is on. Keep your recovery codes somewhere safe: they are shown once.',
  TWO_FACTOR_DISABLED: 'Two-factor authentication is off.',
  SESSION_ENDED: 'That session was signed out.',
  SIGNED_OUT: 'You are signed out.',
  SIGN_IN_RESUMED:
    'Your account can sign in again. If you did not try to sign in, change your password now.',
  TWO_FACTOR_RESET:
    'The second factor was reset; the member was mailed and their withdrawals wait 24 hours.',
  SIGNED_OUT_EVERYWHERE: 'Every session of your account was signed out, this one too.',
  ANTI_PHISHING_PHRASE_SAVED:
    'Your anti-phishing phrase is saved: every mail from us starts with it.',
  ANTI_PHISHING_PHRASE_REMOVED:
    'Your anti-phishing phrase is removed: our mails no longer show one.',
} as const;

export type SuccessCode = keyof typeof SUCCESS_MESSAGES;

export function isSuccessCode(value: unknown): value is SuccessCode {
  return typeof value === 'string' && Object.hasOwn(SUCCESS_MESSAGES, value);
}
