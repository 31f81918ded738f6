import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makePayment } from '@/testing/fixtures';
import { renderRoutes } from '@/testing/render';
import {
  paymentProblemHref,
  receiptLines,
  receiptText,
  WRONG_TOKEN_HREF,
} from '../lib/payment-receipt';
import { PaymentReceiptDialog } from './payment-receipt-dialog';

const EXPLORER = 'https://testnet.bscscan.com/';
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const payment = makePayment({
  amount: 10,
  periodsAdded: 1,
  paidFrom: '2025-01-05T10:00:00.000Z',
  paidUntil: '2025-02-04T10:00:00.000Z',
});

describe('a payment receipt', () => {
  it('states amount, transaction with its explorer link, period and credited time', () => {
    const lines = receiptLines(payment, { walletAddress: ADDRESS, explorerUrl: EXPLORER });
    const byLabel = Object.fromEntries(lines.map((l) => [l.label, l.value]));
    expect(byLabel).toMatchObject({
      Amount: '10.00 USDT',
      'Paid to': ADDRESS,
      Transaction: payment.transactionHash,
      'On the explorer': `${EXPLORER}tx/${payment.transactionHash}`,
      'Period paid for': 'Jan 5, 2025 – Feb 4, 2025',
    });
    expect(byLabel.Credited).toMatch(/^Jan 5, 2025/);
    const credit = receiptLines(makePayment({ periodsAdded: 0, paidUntil: null, paidFrom: null }), {
      walletAddress: null,
      explorerUrl: null,
    });
    expect(credit.find((l) => l.label === 'Period paid for')?.value).toBe(
      'Credit toward the next period',
    );
    // No explorer configured: no link line, rather than a made-up one.
    expect(credit.some((l) => l.label === 'On the explorer')).toBe(false);
    expect(receiptText(lines)).toContain(`\nTransaction        ${payment.transactionHash}\n`);
  });

  it('sends a wrong payment to the contact page with the transaction prefilled', () => {
    const url = new URL(paymentProblemHref(payment), 'http://x');
    expect(url.pathname).toBe('/contact');
    expect(url.searchParams.get('topic')).toBe('payment');
    expect(url.searchParams.get('subject')).toBe(`Payment ${payment.transactionHash.slice(0, 10)}`);
    expect(url.searchParams.get('message')).toContain(payment.transactionHash);
    const wrong = new URL(WRONG_TOKEN_HREF, 'http://x');
    expect(wrong.searchParams.get('subject')).toBe('Wrong token or network');
  });

  it('opens from its row, links the transaction and the support path', async () => {
    const { user } = renderRoutes(
      [
        {
          path: '/profile',
          element: (
            <PaymentReceiptDialog
              payment={payment}
              subscription={{ walletAddress: ADDRESS, explorerUrl: EXPLORER }}
            />
          ),
        },
      ],
      { at: '/profile' },
    );
    await user.click(screen.getByRole('button', { name: /^Receipt of the 10\.00 USDT payment/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Jan 5, 2025 – Feb 4, 2025')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('link', { name: new RegExp(payment.transactionHash) }),
    ).toHaveAttribute('href', `${EXPLORER}tx/${payment.transactionHash}`);
    expect(within(dialog).getByRole('link', { name: 'Contact support about it' })).toHaveAttribute(
      'href',
      paymentProblemHref(payment),
    );
    expect(within(dialog).getByRole('button', { name: 'Download' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Print' })).toBeInTheDocument();
  }, 40_000);
});
