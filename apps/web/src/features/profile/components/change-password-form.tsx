import { PASSWORD_BANNER_MS, PASSWORD_MIN_LENGTH } from '@ctn/contracts/constants';
import { SUCCESS_MESSAGES } from '@ctn/contracts/messages';
import { changePasswordError, PASSWORD_SPECIALS } from '@ctn/contracts/validation';
import { KeyRound } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useChangePassword } from '../api/change-password';

const MESSAGES = {
  failed: 'Failed to change password',
  unexpected: 'Failed to change password. Please try again.',
} as const;

type Fields = { currentPassword: string; newPassword: string; confirmPassword: string };
const EMPTY: Fields = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS: ReadonlyArray<{
  name: keyof Fields;
  label: string;
  autoComplete: string;
}> = [
  { name: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  { name: 'newPassword', label: 'New Password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

/** The text of a refused change (member section 8, "Change password"). */
function changePasswordErrorText(error: unknown): string {
  const first = isApiError(error) ? error.invalidFields[0] : undefined;
  if (first) return first.message;
  return errorMessage(error, MESSAGES.failed, MESSAGES.unexpected);
}

/**
 * The change-password form (member sections 2, 4 and 5): a button opens and closes it; each field
 * has a show/hide toggle; the four checks run in the spec's order before any call; Cancel clears
 * the fields and the error; success closes the form and shows a banner for 3 seconds.
 */
export function ChangePasswordForm() {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [banner, setBanner] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const formId = useId();
  const errorId = useId();
  const changePassword = useChangePassword();

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(false), PASSWORD_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const close = () => {
    setFields(EMPTY);
    setError(null);
    changePassword.reset();
    setOpen(false);
  };

  const onCancel = () => {
    close();
    toggleRef.current?.focus();
  };

  const onChange = (name: keyof Fields, value: string) => {
    setFields((current) => ({ ...current, [name]: value }));
    setError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = changePasswordError(fields);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    changePassword.mutate(fields, {
      onSuccess: () => {
        close();
        setBanner(true);
        toggleRef.current?.focus();
      },
      onError: (failure) => setError(changePasswordErrorText(failure)),
    });
  };

  return (
    <Card>
      <div className="flex flex-col gap-4 p-6 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-soft text-primary-soft-fg">
            <KeyRound className="size-5" aria-hidden="true" />
          </span>
          <div className="space-y-1">
            <CardTitle>Password</CardTitle>
            <CardDescription>
              Changing your password signs you out on your other devices.
            </CardDescription>
          </div>
        </div>
        <Button
          ref={toggleRef}
          variant={open ? 'ghost' : 'outline'}
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => (open ? close() : setOpen(true))}
          className="self-start"
        >
          {open ? 'Close' : 'Change Password'}
        </Button>
      </div>
      {banner || open ? (
        <div className="space-y-5 px-6 pb-6">
          {banner ? (
            <Alert variant="success">{SUCCESS_MESSAGES.PASSWORD_CHANGED_SUCCESSFULLY}</Alert>
          ) : null}
          {open ? (
            <form
              id={formId}
              noValidate
              onSubmit={onSubmit}
              aria-label="Change password"
              aria-describedby={error ? errorId : undefined}
              className="max-w-lg space-y-4"
            >
              {FIELDS.map((field) => (
                <Field
                  key={field.name}
                  id={`${formId}-${field.name}`}
                  label={field.label}
                  hint={
                    field.name === 'newPassword'
                      ? `At least ${PASSWORD_MIN_LENGTH} characters, with an uppercase letter, a lowercase letter, a number and one of ${PASSWORD_SPECIALS}`
                      : undefined
                  }
                >
                  {(control) => (
                    <PasswordInput
                      {...control}
                      aria-invalid={error !== null}
                      name={field.name}
                      autoComplete={field.autoComplete}
                      revealLabel={field.label.toLowerCase()}
                      value={fields[field.name]}
                      onChange={(event) => onChange(field.name, event.target.value)}
                      autoFocus={field.name === 'currentPassword'}
                    />
                  )}
                </Field>
              ))}
              {error ? (
                <div id={errorId}>
                  <Alert variant="error">{error}</Alert>
                </div>
              ) : null}
              <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row">
                <Button variant="outline" onClick={onCancel}>
                  Cancel
                </Button>
                <Button type="submit" loading={changePassword.isPending} loadingText="Updating...">
                  Update Password
                </Button>
              </div>
            </form>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}
