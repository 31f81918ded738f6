import type { SimulatedAccount } from './bingx-simulator';

/**
 * UIDs the built-in BingX simulator knows in development, one per outcome of linking, so a person
 * can try each. Never used in production (real BingX keys are required there).
 */
export const DEMO_EXCHANGE_ACCOUNTS: {
  uid: string;
  outcome: string;
  account: Partial<SimulatedAccount>;
}[] = [
  {
    uid: '12345678',
    outcome: 'eligible: links',
    account: { invited: true, kycDone: true, deposited: true, balanceUsdt: '250.00', traded: true },
  },
  {
    // A second one, so two people (or two journeys) can each link an account.
    uid: '12345679',
    outcome: 'eligible: links (another account)',
    account: { invited: true, kycDone: true, deposited: true, balanceUsdt: '180.00', traded: true },
  },
  {
    uid: '20260001',
    outcome: 'eligible (the demo member)',
    account: {
      invited: true,
      kycDone: true,
      deposited: true,
      balanceUsdt: '1200.00',
      traded: true,
    },
  },
  { uid: '22222222', outcome: 'not invited through our link', account: { invited: false } },
  {
    uid: '33333333',
    outcome: 'KYC not completed',
    account: { invited: true, kycDone: false, deposited: true, balanceUsdt: '500.00' },
  },
  {
    uid: '44444444',
    outcome: 'balance below 100 USDT',
    account: { invited: true, kycDone: true, deposited: true, balanceUsdt: '45.50' },
  },
];
