import { unsetSupport } from '@ctn/contracts/operator-facts';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { useAdminSiteLinks } from '@/lib/admin/site-links';
import { paths } from '@/lib/paths';
import { useOperatorFacts } from '@/lib/site';

/**
 * Until members know where and when support answers (decision 049), a warning naming the
 * variables still unset: the pages promise nothing in their place.
 */
export function SupportUnsetNotice() {
  const links = useAdminSiteLinks();
  const operator = useOperatorFacts();
  if (!links.data || !operator.data) return null;
  const unset = unsetSupport(operator.data, links.data.supportEmail);
  if (unset.length === 0) return null;
  return (
    <Alert variant="warning" title="Support is not set">
      <p>
        Members cannot learn where and when support answers: {unset.join(' and ')}{' '}
        {unset.length === 1 ? 'is' : 'are'} not set.{' '}
        <Link to={paths.admin.settings} className="font-medium underline underline-offset-4">
          Set them in Admin Settings
        </Link>
        .
      </p>
    </Alert>
  );
}
