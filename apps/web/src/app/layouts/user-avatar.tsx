import { cn } from '@/lib/cn';
import { initials } from '@/lib/format';

export function UserAvatar({
  firstName,
  lastName,
  className,
}: {
  firstName: string;
  lastName: string;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-9 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-emerald-400 to-teal-600 text-sm font-semibold text-white',
        className,
      )}
    >
      {initials(firstName, lastName)}
    </span>
  );
}
