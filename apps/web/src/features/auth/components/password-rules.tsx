import { PASSWORD_RULES } from '@ctn/contracts/validation';
import { Check, X } from 'lucide-react';
import { cn } from '@/lib/cn';

/** The password rules, each marked as met or not while the user types. */
export function PasswordRules({ password, id }: { password: string; id?: string }) {
  return (
    <ul
      id={id}
      aria-label="Password requirements"
      className="grid gap-1.5 rounded-xl border border-border bg-surface-muted/60 p-3.5"
    >
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li
            key={rule.id}
            data-rule={rule.id}
            data-met={met}
            className={cn(
              'flex items-center gap-2 text-sm',
              met ? 'text-success-soft-fg' : 'text-fg-muted',
            )}
          >
            <span
              aria-hidden="true"
              className={cn(
                'flex size-4.5 shrink-0 items-center justify-center rounded-full',
                met ? 'bg-primary text-primary-fg' : 'bg-border text-fg-subtle',
              )}
            >
              {met ? (
                <Check className="size-3" strokeWidth={3} />
              ) : (
                <X className="size-3" strokeWidth={3} />
              )}
            </span>
            <span>{rule.label}</span>
            <span className="sr-only">{met ? '(met)' : '(not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
