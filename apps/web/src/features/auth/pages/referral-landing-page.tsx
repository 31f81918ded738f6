import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { PageTitle } from '@/components/page-title';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/lib/paths';
import { writeReferralCode } from '@/lib/storage';

/** /ref/{refCode}: keeps the code for the register form of this tab, then opens the landing page. */
export function ReferralLandingPage() {
  const { refCode } = useParams();
  const navigate = useNavigate();

  useEffect(() => {
    const code = refCode?.trim();
    if (code) writeReferralCode(code);
    void navigate(paths.home, { replace: true });
  }, [refCode, navigate]);

  return (
    <div
      role="status"
      className="flex min-h-dvh flex-col items-center justify-center gap-3 text-fg-muted"
    >
      <PageTitle title="Referral" />
      <Spinner className="size-8 text-primary" />
      <p>Processing referral link...</p>
    </div>
  );
}
