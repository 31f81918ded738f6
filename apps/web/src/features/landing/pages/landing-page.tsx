import { PageTitle } from '@/components/page-title';
import { landingContent } from '@/lib/site-content';
import { AboutSection } from '../components/about-section';
import { BenefitCards } from '../components/benefit-cards';
import { EarnSection } from '../components/earn-section';
import { FaqSection } from '../components/faq-section';
import { Hero } from '../components/hero';
import { HowToStart } from '../components/how-to-start';
import { SiteFooter } from '../components/site-footer';
import { StatCards } from '../components/stat-cards';

const RISK_DISCLOSURE_ID = 'risk-disclosure';

/** The landing page (member section 2); every text comes from lib/site-content.ts. */
export function LandingPage() {
  return (
    <>
      <PageTitle title={landingContent.documentTitle} />
      <Hero riskDisclosureId={RISK_DISCLOSURE_ID} />
      <StatCards />
      <HowToStart />
      <BenefitCards />
      <EarnSection />
      <AboutSection />
      <FaqSection />
      <SiteFooter riskDisclosureId={RISK_DISCLOSURE_ID} />
    </>
  );
}
