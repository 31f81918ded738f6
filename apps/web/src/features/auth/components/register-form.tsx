import {
  registerFormSchema,
  type RegisterForm as RegisterFormOutput,
} from '@ctn/contracts/validation';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PasswordInput } from '@/components/ui/password-input';
import { errorMessage, isApiError } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { writePendingUser } from '@/lib/pending-user';
import { clearReferralCode, readReferralCode } from '@/lib/storage';
import { useReferrer } from '@/lib/referrer';
import { useRegister } from '../api/register';

/** What the inputs hold; the schema's output (`RegisterFormOutput`) is what gets sent. */
export interface RegisterFormValues {
  firstName: string;
  lastName: string;
  email: string;
  referralCode: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
}
type FieldName = keyof RegisterFormValues;

const MESSAGES = {
  referralApplied: 'Referral code applied from your link!',
  failed: 'Registration failed',
  unexpected: 'An unexpected error occurred. Please try again.',
} as const;

// The checkbox holds a boolean; the schema accepts only `true` (the terms must be accepted).
const registerResolver = zodResolver<RegisterFormValues, unknown, RegisterFormOutput>(
  registerFormSchema,
);

/** Server field names of a VALIDATION_ERROR, mapped to the form's. */
const SERVER_FIELDS: Record<string, FieldName> = {
  firstName: 'firstName',
  lastName: 'lastName',
  email: 'email',
  password: 'password',
  referredByCode: 'referralCode',
  referralCode: 'referralCode',
};

export function RegisterForm() {
  const navigate = useNavigate();
  const registration = useRegister();
  const [formError, setFormError] = useState<string | null>(null);
  // A code from a /ref/{code} link: read once, shown with a note, then removed from storage.
  const [linkCode] = useState(readReferralCode);

  useEffect(() => {
    if (linkCode) clearReferralCode();
  }, [linkCode]);

  const {
    register,
    handleSubmit,
    clearErrors,
    setError,
    control,
    formState: { errors },
  } = useForm<RegisterFormValues, unknown, RegisterFormOutput>({
    resolver: registerResolver,
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      referralCode: linkCode ?? '',
      password: '',
      confirmPassword: '',
      terms: false,
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  // Errors clear per field as soon as that field is typed in (member section 5).
  const field = (name: FieldName) => register(name, { onChange: () => clearErrors(name) });
  const referralCode = useWatch({ control, name: 'referralCode' });
  const codeFromLink = linkCode !== null && referralCode === linkCode;
  const referrer = useReferrer(codeFromLink ? linkCode : null);

  const onSubmit = handleSubmit((values) => {
    setFormError(null);
    registration.mutate(
      {
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        password: values.password,
        referredByCode: values.referralCode,
      },
      {
        onSuccess: (data) => {
          writePendingUser(data.user);
          void navigate(data.requiresVerification ? paths.verifyEmail : paths.dashboard);
        },
        onError: (error) => {
          if (isApiError(error)) {
            for (const [field, message] of Object.entries(error.fieldErrors())) {
              const name = SERVER_FIELDS[field];
              if (name) setError(name, { type: 'server', message });
            }
          }
          setFormError(errorMessage(error, MESSAGES.failed, MESSAGES.unexpected));
        },
      },
    );
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Create account">
      {formError ? <Alert variant="error">{formError}</Alert> : null}

      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="register-first-name" label="First name" error={errors.firstName?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="given-name"
              placeholder="Jane"
              {...field('firstName')}
            />
          )}
        </Field>
        <Field id="register-last-name" label="Last name" error={errors.lastName?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="family-name"
              placeholder="Doe"
              {...field('lastName')}
            />
          )}
        </Field>
      </div>

      <Field id="register-email" label="Email address" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            {...field('email')}
          />
        )}
      </Field>

      <Field
        id="register-referral-code"
        label="Referral code"
        error={errors.referralCode?.message}
        hint={
          codeFromLink ? (
            <>
              <span className="font-medium text-success-soft-fg">{MESSAGES.referralApplied}</span>
              {referrer.data ? (
                <span className="block text-fg">Invited by {referrer.data.name}</span>
              ) : null}
            </>
          ) : (
            'Registration needs the referral code of an existing member.'
          )
        }
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. AB3CD7EF"
            {...field('referralCode')}
          />
        )}
      </Field>

      <Field id="register-password" label="Password" error={errors.password?.message}>
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            placeholder="At least 8 characters"
            {...field('password')}
          />
        )}
      </Field>

      <Field
        id="register-confirm-password"
        label="Confirm password"
        error={errors.confirmPassword?.message}
      >
        {(control) => (
          <PasswordInput
            {...control}
            autoComplete="new-password"
            placeholder="Repeat your password"
            {...field('confirmPassword')}
          />
        )}
      </Field>

      <div className="space-y-1.5">
        <Checkbox
          id="register-terms"
          label={
            <>
              I agree to the <LegalLink to={paths.terms}>Terms of Service</LegalLink> and the{' '}
              <LegalLink to={paths.privacy}>Privacy Policy</LegalLink>, and I understand that
              trading involves risk (<LegalLink to={paths.risk}>Risk Disclosure</LegalLink>).
            </>
          }
          aria-required="true"
          aria-invalid={Boolean(errors.terms)}
          aria-describedby={errors.terms ? 'register-terms-error' : undefined}
          {...field('terms')}
        />
        {errors.terms?.message ? (
          <p id="register-terms-error" className="pl-6.5 text-sm font-medium text-danger">
            {errors.terms.message}
          </p>
        ) : null}
      </div>
      <p className="text-sm text-fg-muted">
        Before you pay: most members earn little or nothing.{' '}
        <LegalLink to={paths.earningsDisclosure}>See what members really earned</LegalLink>.
      </p>

      <Button
        type="submit"
        size="lg"
        fullWidth
        loading={registration.isPending}
        loadingText="Creating account..."
      >
        Create Account
      </Button>
    </form>
  );
}

/** Opens in a new tab, so the form and what was typed in it stay as they are. */
function LegalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      target="_blank"
      rel="noopener"
      className="font-medium text-primary underline underline-offset-2 hover:no-underline"
    >
      {children}
    </Link>
  );
}
