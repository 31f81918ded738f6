import { ComingNext } from '@/components/coming-next';

export function AdminUsersPage() {
  return (
    <ComingNext
      title="Users"
      subtitle="Manage Users"
      summary="Find any member, see their state and change their account status."
      items={[
        'User statistics',
        'A searchable, paginated user table',
        'An edit-status dialog',
        'A link to each user’s details',
      ]}
    />
  );
}
