import { PASSWORD_BANNER_MS } from '@ctn/contracts/constants';
import { changePasswordError } from '@ctn/contracts/validation';
import { KeyRound } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PasswordInput } from '@/components/ui/password-input';
import { useChangeAdminPassword } from '../api/change-password';
import { refusalText } from '@/lib/refusal-text';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };
type Fields = typeof EMPTY;

const FIELDS: { name: keyof Fields; label: string }[] = [
  { name: 'currentPassword', label: 'Current Password' },
  { name: 'newPassword', label: 'New Password' },
  { name: 'confirmPassword', label: 'Confirm New Password' },
];

const GUIDELINES = [
  'Use a unique, complex password for your admin account',
  'Never share your admin credentials with anyone',
  'Review the activity logs regularly',
  'Log out when you are away from your computer',
  'Enable alerts for important account activity',
];

/** Security Settings: the Change Password form (admin section 5) and the guidelines. */
export function ChangePasswordCard() {
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState(false);
  const mutation = useChangeAdminPassword();

  useEffect(() => {
    if (!success) return;
    const timer = window.setTimeout(() => setSuccess(false), PASSWORD_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [success]);

  const reset = () => {
    setFields(EMPTY);
    setError(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = changePasswordError(fields);
    if (invalid) {
      setError(invalid);
      return;
    }
    mutation.mutate(fields, {
      onSuccess: () => {
        reset();
        setOpen(false);
        setSuccess(true);
      },
      onError: (e) =>
        setError(
          refusalText(
            e,
            'Failed to change password',
            'Failed to change password. Please try again.',
          ),
        ),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Security Settings</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        {success ? <Alert variant="success">Password changed successfully!</Alert> : null}
        {open ? (
          <form onSubmit={submit} noValidate className="space-y-4">
            {FIELDS.map(({ name, label }) => (
              <div key={name} className="space-y-1.5">
                <label htmlFor={`admin-${name}`} className="text-sm font-medium text-fg">
                  {label}{' '}
                  <span aria-hidden="true" className="text-danger">
                    *
                  </span>
                </label>
                <PasswordInput
                  id={`admin-${name}`}
                  required
                  aria-required="true"
                  revealLabel={label.toLowerCase()}
                  autoComplete={name === 'currentPassword' ? 'current-password' : 'new-password'}
                  value={fields[name]}
                  onChange={(e) => {
                    setFields((f) => ({ ...f, [name]: e.target.value }));
                    setError(null);
                  }}
                />
              </div>
            ))}
            {error ? <Alert variant="error">{error}</Alert> : null}
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button
                variant="outline"
                onClick={() => {
                  reset();
                  setOpen(false);
                }}
                disabled={mutation.isPending}
              >
                Cancel
              </Button>
              <Button type="submit" loading={mutation.isPending} loadingText="Changing...">
                Change Password
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="outline" onClick={() => setOpen(true)}>
            <KeyRound className="size-4" aria-hidden="true" />
            Change Password
          </Button>
        )}
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-fg">Security Guidelines</h3>
          <ul className="list-disc space-y-1 pl-5 text-sm text-fg-muted">
            {GUIDELINES.map((g) => (
              <li key={g}>{g}</li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
