import type { RateDecision, RateLimiter, RateRule } from '../../lib/rate-limiter';

/**
 * Failed sign-ins, counted so that a stranger cannot keep a member out (docs/security.md):
 * - per account and client address: the saved maxLoginAttempts, so guessing from one place
 *   stops quickly, and someone failing from elsewhere does not stop the owner;
 * - per account over all addresses: a cap `accountFactor` times higher over a short window,
 *   against guessing spread over many addresses.
 * Keys carry the account's token version: a password reset or change bumps it, so every counter
 * of the account starts again at once (the old windows just expire), wherever they were counted.
 */
export interface LoginFailureRules {
  perAccountAndAddress: RateRule;
  perAccount: RateRule;
  accountFactor: number;
}

export class LoginThrottle {
  private readonly pair: string;
  private readonly account: string;
  private readonly pairRule: RateRule;
  private readonly accountRule: RateRule;

  constructor(
    private readonly limiter: RateLimiter,
    rules: LoginFailureRules,
    who: { email: string; address: string; tokenVersion: number; maxAttempts: number },
  ) {
    // The email goes last, after a '|' no address contains: keys stay unambiguous whatever
    // the email holds (it is any text the caller sent, lone surrogates included).
    this.pair = `login:fail:v${who.tokenVersion}:${who.address}|${who.email}`;
    this.account = `login:fail:v${who.tokenVersion}|${who.email}`;
    this.pairRule = { ...rules.perAccountAndAddress, limit: who.maxAttempts };
    this.accountRule = { ...rules.perAccount, limit: who.maxAttempts * rules.accountFactor };
  }

  /** The refusal to answer before the password is even checked, or null to go on. */
  async refusal(): Promise<RateDecision | null> {
    for (const [key, rule] of [
      [this.pair, this.pairRule],
      [this.account, this.accountRule],
    ] as const) {
      const decision = await this.limiter.peek(key, rule);
      if (!decision.allowed) return decision;
    }
    return null;
  }

  async failed(): Promise<void> {
    await this.limiter.consume(this.pair, this.pairRule);
    await this.limiter.consume(this.account, this.accountRule);
  }

  /**
   * The owner proved the password from this address: its count starts again. The account-wide
   * count is left to expire, or a guesser elsewhere would get a fresh allowance from each of the
   * owner's sign-ins.
   */
  async succeeded(): Promise<void> {
    await this.limiter.reset(this.pair);
  }
}

/**
 * The address a throttle counts: IPv4 as it is (also when mapped into IPv6), IPv6 by its /64,
 * the block one subscriber usually holds, so rotating addresses inside it does not help.
 */
export function addressKey(ip: string): string {
  const address = ip.toLowerCase().split('%')[0] ?? '';
  if (!address.includes(':')) return address;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? 0 : Math.max(0, 8 - left.length - right.length);
  const groups = [...left, ...Array<string>(fill).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
