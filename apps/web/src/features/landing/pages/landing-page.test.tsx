import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANDING_SECTION_IDS } from '@/lib/paths';
import { CLAIMS, CLAIMS_BEFORE_ANSWER, type PublicClaims } from '@ctn/contracts/operator-facts';
import { channels, landingContent, RISK_DISCLOSURE } from '@/lib/site-content';
import { mockApi, okResponse, TEST_SITE_LINKS } from '@/testing/api-mock';
import { renderRoutes, Stub } from '@/testing/render';
import { LandingPage } from './landing-page';

function renderLanding() {
  return renderRoutes(
    [
      { path: '/', element: <LandingPage /> },
      { path: '/register', element: <Stub name="Register stub" /> },
    ],
    { at: '/' },
  );
}

describe('landing page', () => {
  it('says who invited after a referral link, and nothing without one', async () => {
    sessionStorage.setItem('referralCode', 'AB3CD7EF');
    mockApi({
      'GET /api/users/referrer/AB3CD7EF': () =>
        okResponse({
          name: 'Alex M.',
          referralCode: 'AB3CD7EF',
          link: 'https://x.test/ref/AB3CD7EF',
        }),
    });
    const { user } = renderLanding();
    const invited = await screen.findByText(/Invited by Alex M\./);
    await user.click(within(invited).getByRole('link', { name: 'Sign up' }));
    expect(await screen.findByText('Register stub')).toBeInTheDocument();
  });

  it('has the headline, the hero button to the exchange and the four steps', async () => {
    mockApi({});
    renderLanding();
    // The ranking headline is no administrator's confirmed claim: the product's name instead.
    expect(
      screen.getByRole('heading', { level: 1, name: 'CopyTrade Network' }),
    ).toBeInTheDocument();
    const cta = await screen.findByRole('link', {
      name: /Copy on BingX & Earn up to 15 Levels Deep/,
    });
    expect(cta).toHaveAttribute('href', TEST_SITE_LINKS.affiliateUrl);
    expect(cta).toHaveAttribute('target', '_blank');
    expect(cta).toHaveAttribute('rel', 'noopener noreferrer');

    const steps = screen
      .getByRole('heading', { name: 'How to Start Copy Trading' })
      .closest('section')!;
    expect(steps).toHaveAttribute('id', LANDING_SECTION_IDS.copyTrading);
    const items = within(steps).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByRole('link')).toHaveAttribute(
      'href',
      TEST_SITE_LINKS.affiliateUrl,
    );
    expect(items[1]).toHaveTextContent('$100');
    expect(within(items[2]!).getByRole('link')).toHaveAttribute(
      'href',
      TEST_SITE_LINKS.copyTradingUrl,
    );
    expect(within(items[3]!).getByRole('link', { name: /Sign Up/ })).toHaveAttribute(
      'href',
      '/register',
    );
  });

  it('has the anchors #copy-trading, #earn and #contact-us', () => {
    const { container } = renderLanding();
    for (const id of Object.values(LANDING_SECTION_IDS)) {
      expect(container.querySelector(`#${id}`)).not.toBeNull();
    }
    expect(container.querySelector('#earn')).toHaveTextContent('How users earn');
  });

  it('shows the stat cards and the About section; an unconfirmed claim gives way to the disclosure', async () => {
    mockApi({});
    renderLanding();
    for (const title of ['Evolving in the market', 'Best traders only', '15 referral levels']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeInTheDocument();
    }
    expect(screen.queryByRole('heading', { name: 'BingX official partner' })).toBeNull();
    expect(screen.queryByText(/Monthly return generally seen/)).toBeNull();
    expect(screen.queryByText(/5-10%/)).toBeNull();
    expect(screen.queryByText(/#1/)).toBeNull();
    expect(screen.queryByText(/24\/7/)).toBeNull();
    const instead = screen.getAllByTestId('disclosure-instead');
    expect(instead).toHaveLength(2);
    expect(
      within(instead[0]!).getByRole('link', { name: 'See the earnings disclosure' }),
    ).toHaveAttribute('href', '/earnings-disclosure');
    expect(screen.getByRole('heading', { name: 'About CopyTrade Network' })).toBeInTheDocument();
    // Support hours as the operator keeps them: not around the clock, so no "24/7".
    expect(await screen.findByText('Support: Mon-Fri 09:00-18:00 UTC')).toBeInTheDocument();
  });

  it('shows a return or ranking claim once an administrator confirmed it, in their words', async () => {
    const confirmed: PublicClaims = {
      ...CLAIMS_BEFORE_ANSWER,
      heroHeadline: CLAIMS.heroHeadline.defaults,
      benefitReturn: { figure: '4-6%', title: 'Monthly return seen in 2026', text: 'Audited.' },
      statPartner: CLAIMS.statPartner.defaults,
    };
    mockApi({ 'GET /api/public/claims': () => okResponse(confirmed) });
    renderLanding();
    expect(
      await screen.findByRole('heading', { level: 1, name: '#1 AI COPY TRADING Network' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^4-6%/ })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { level: 3, name: 'BingX official partner' }),
    ).toBeInTheDocument();
    // The availability claims stay unconfirmed: one disclosure link in each section they leave.
    expect(screen.getAllByTestId('disclosure-instead')).toHaveLength(1);
  });

  it('flips a benefit card from the keyboard and back, focus following', async () => {
    const { user } = renderLanding();
    const card = CLAIMS.benefitShared.defaults;
    const front = screen.getByRole('button', { name: new RegExp(`^${card.figure}`) });
    expect(front).toHaveAttribute('aria-expanded', 'false');
    front.focus();
    await user.keyboard('{Enter}');
    expect(front).toHaveAttribute('aria-expanded', 'true');
    const back = screen.getByRole('button', { name: new RegExp(`Show less: ${card.title}`) });
    expect(back).toHaveFocus();
    expect(back).toHaveAccessibleDescription(card.text);
    await user.keyboard(' ');
    expect(front).toHaveFocus();
    expect(front).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens one FAQ answer at a time, and closes the open one on a second click', async () => {
    const { user } = renderLanding();
    const [first, second] = landingContent.faq.items;
    await user.click(screen.getByRole('button', { name: first.question }));
    expect(screen.getByText(first.answer)).toBeVisible();
    await user.click(screen.getByRole('button', { name: second.question }));
    expect(screen.getByText(second.answer)).toBeVisible();
    expect(screen.getByText(first.answer)).not.toBeVisible();
    await user.click(screen.getByRole('button', { name: second.question }));
    expect(screen.getByText(second.answer)).not.toBeVisible();
  });

  it('states the compliance rule in the FAQ', () => {
    renderLanding();
    expect(
      screen.getByRole('button', { name: 'What happens if my balance falls below 100 USDT?' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/falls below 100 USDT, or copying stops, your referral earnings lock/),
    ).toHaveTextContent('30 days to become compliant again');
  });

  it('has a footer with the mailbox, both channels, two social links without target and the risk disclosure', async () => {
    mockApi({});
    const { container } = renderLanding();
    const footer = container.querySelector(`#${LANDING_SECTION_IDS.contactUs}`)!;
    const email = TEST_SITE_LINKS.supportEmail!;
    expect(await within(footer as HTMLElement).findByRole('link', { name: email })).toHaveAttribute(
      'href',
      `mailto:${email}`,
    );
    for (const channel of channels) {
      expect(
        within(footer as HTMLElement).getByRole('link', { name: new RegExp(channel.name) }),
      ).toHaveAttribute('href', TEST_SITE_LINKS[channel.setting]);
    }
    const social = [...footer.querySelectorAll('a:not([href])')];
    expect(social.map((a) => a.textContent)).toEqual([
      'X (Twitter) (coming soon)',
      'YouTube (coming soon)',
    ]);
    expect(footer).toHaveTextContent(RISK_DISCLOSURE);
  });

  it('leaves out every link an administrator has not set: no placeholder, no dead button', async () => {
    mockApi({
      'GET /api/public/site': () =>
        okResponse({
          affiliateUrl: null,
          copyTradingUrl: 'https://bingx.com/en/CopyTrading/1234567',
          updatesChannelUrl: null,
          communityChannelUrl: null,
          supportEmail: null,
        }),
    });
    const { container } = renderLanding();
    const steps = screen
      .getByRole('heading', { name: 'How to Start Copy Trading' })
      .closest('section')!;
    await waitFor(() =>
      expect(within(steps).getByRole('link', { name: /Copy the master/ })).toBeInTheDocument(),
    );
    expect(screen.queryByRole('link', { name: /Copy on BingX/ })).toBeNull();
    expect(within(steps).queryByRole('link', { name: /Join BingX/ })).toBeNull();
    const footer = container.querySelector(`#${LANDING_SECTION_IDS.contactUs}`) as HTMLElement;
    expect(within(footer).queryByRole('link', { name: /channel/ })).toBeNull();
    // Signed out, the contact form, never the sign-in page.
    expect(within(footer).getByRole('link', { name: 'Send us a message' })).toHaveAttribute(
      'href',
      '/contact',
    );
    for (const name of ['Terms of Service', 'Risk Disclosure', 'Earnings disclosure'])
      expect(within(footer).getByRole('link', { name })).toBeInTheDocument();
  });
});
