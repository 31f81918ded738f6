import { Row } from '@/components/admin/info-card';
import { PageTitle } from '@/components/page-title';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, fullName } from '@/lib/format';
import { useAuthenticatedUser } from '@/lib/session';
import { ChangePasswordCard } from '../components/change-password-card';
import { ComplianceModeCard } from '../components/compliance-mode-card';
import { RewardSettingsCard } from '../components/reward-settings-card';
import { LegalPagesCard } from '../components/legal-pages-card';
import { SiteLinksCard } from '../components/site-links-card';
import { ClaimsCard } from '../components/claims-card';
import { OperatorCard } from '../components/operator-card';
import { SystemOverviewCard } from '../components/system-overview-card';
import { SystemSettingsCard } from '../components/system-settings-card';
import { TestMailCard } from '../components/test-mail-card';

/**
 * /admin/settings: the admin's profile and the change-password form (admin section 2), its
 * notification and system toggles and selects, saved (the spec's are local only), and the
 * public site's links and legal pages, and the reward settings (beyond the spec).
 */
export function AdminSettingsPage() {
  const user = useAuthenticatedUser();
  return (
    <div className="space-y-6">
      <PageTitle title="Admin Settings" />
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-fg sm:text-3xl">Admin Settings</h1>
        <p className="text-fg-muted">
          Your profile, security, the system, the public site and the reward settings
        </p>
      </div>
      <SystemOverviewCard />
      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Admin Profile</CardTitle>
          </CardHeader>
          <CardContent className="pt-3">
            <dl className="divide-y divide-border">
              <Row label="Full Name">{fullName(user)}</Row>
              <Row label="Email">{user.email}</Row>
              <Row label="User ID">
                <span className="font-mono">{user.userId}</span>
              </Row>
              <Row label="Account Status">
                <span className="inline-flex flex-wrap items-center gap-2">
                  <StatusBadge status={user.status} label={user.status} />
                  <Badge variant="purple">ADMINISTRATOR</Badge>
                </span>
              </Row>
              <Row label="Last Login">
                {user.lastLogin ? formatDateTime(user.lastLogin) : 'Not available'}
              </Row>
            </dl>
          </CardContent>
        </Card>
        <ChangePasswordCard />
      </div>
      <SystemSettingsCard />
      <ComplianceModeCard />
      <TestMailCard />
      <SiteLinksCard />
      <OperatorCard />
      <ClaimsCard />
      <LegalPagesCard />
      <RewardSettingsCard />
    </div>
  );
}
