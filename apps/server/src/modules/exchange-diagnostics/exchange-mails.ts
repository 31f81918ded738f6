import { renderMail } from '../mail/mail-templates';

/**
 * To administrators: our own error answers on one BingX endpoint neared BingX's error ban ("over
 * 20 error code ... requests within 480000 ms for this api"); that endpoint waits (decision 037).
 */
export function exchangeEndpointPausedMail(
  to: { email: string; firstName: string },
  pause: { path: string; until: Date; message: string },
) {
  return renderMail({
    to: to.email,
    subject: 'BingX endpoint paused: too many refused requests',
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `BingX refused 19 of our requests to ${pause.path} within 8 minutes. BingX bans an endpoint for 20, so no call is sent there until ${pause.until.toISOString()}.`,
      'Refusals this frequent usually mean a wrong API key, secret, IP allow-list or clock, or a parameter BingX no longer takes: open the exchange diagnostics page and run the test calls.',
    ],
  });
}
