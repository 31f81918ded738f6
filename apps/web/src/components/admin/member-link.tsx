import type { AdminRewardItem } from '@ctn/contracts/rewards';
import { Link } from 'react-router';
import { fullName } from '@/lib/format';
import { paths } from '@/lib/paths';

/** A member as the admin lists carry them (a reward's, a withdrawal's). */
type Person = AdminRewardItem['rewardUser'];

const linkClass =
  'rounded font-mono text-xs text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring';

/** A member's user ID, linking to their admin detail page. */
export function UserIdLink({ person }: { person: Person }) {
  return (
    <Link
      to={paths.admin.user(person._id)}
      className={linkClass}
      aria-label={`${person.userId}, open ${fullName(person)}`}
    >
      {person.userId}
    </Link>
  );
}

/** Who a row is about: name, optional email, and the user ID link. */
export function MemberIdentity({
  person,
  withEmail = true,
}: {
  person: Person;
  withEmail?: boolean;
}) {
  return (
    <div className="min-w-0">
      <p className="font-medium text-fg">{fullName(person)}</p>
      {withEmail ? <p className="text-xs text-fg-muted">{person.email}</p> : null}
      <UserIdLink person={person} />
    </div>
  );
}
