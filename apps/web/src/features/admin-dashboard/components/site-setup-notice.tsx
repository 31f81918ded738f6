import { missingSiteLinks, SITE_LINK_LABELS } from '@ctn/contracts/site-links';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/lib/paths';
import { useAdminSiteLinks } from '@/lib/admin/site-links';

/**
 * The public site's links an administrator has not set yet (issue 18): the pages leave them out,
 * so visitors cannot join BingX through the network or reach support until they are.
 */
export function SiteSetupNotice() {
  const links = useAdminSiteLinks();
  if (!links.data) return null;
  const missing = missingSiteLinks(links.data);
  if (missing.length === 0) return null;
  return (
    <Alert variant="warning" title="The public site is missing links">
      <p>
        Not set, so left out of the public pages:{' '}
        {missing.map((key) => SITE_LINK_LABELS[key]).join(', ')}.{' '}
        <Link to={paths.admin.settings} className="font-medium underline underline-offset-4">
          Set them in Admin Settings
        </Link>
        .
      </p>
    </Alert>
  );
}
