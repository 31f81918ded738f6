import type { RateDecision, RateLimiter, RateRule } from '../../lib/rate-limiter';

/**
 * Sign-in attempts, counted before the password is checked and given back when it was right, so
 * the limits hold under parallel requests and a stranger cannot keep a member out
 * (docs/security.md, decision 005):
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

  /**
   * Counts this attempt before its password is checked, in one atomic step per counter, so that
   * attempts arriving together cannot all pass a check made before any of them was counted. The
   * refusal (nothing held), or null: the attempt holds its place until `passwordRight`.
   */
  async reserve(): Promise<RateDecision | null> {
    const pair = await this.limiter.consume(this.pair, this.pairRule);
    if (!pair.allowed) {
      await this.limiter.release(this.pair);
      return pair;
    }
    const account = await this.limiter.consume(this.account, this.accountRule);
    if (!account.allowed) {
      await Promise.all([this.limiter.release(this.pair), this.limiter.release(this.account)]);
      return account;
    }
    return null;
  }

  /**
   * The sign-in succeeded (password, and the second factor when the account has one): this
   * attempt was no failure, and from this address the count starts again, so the owner's typos
   * before it do not keep counting against them. Account-wide only this attempt's place is given
   * back, or a guesser elsewhere would get a fresh allowance from each of the owner's sign-ins.
   */
  async signedIn(): Promise<void> {
    await Promise.all([this.limiter.reset(this.pair), this.limiter.release(this.account)]);
  }

  /**
   * The attempt did not count, yet nothing was proven (a right password that still needs its
   * second factor): only its own place is given back. A reset here would let whoever knows the
   * password clear the count of their wrong codes with a bare sign-in (decision 039).
   */
  async giveBack(): Promise<void> {
    await Promise.all([this.limiter.release(this.pair), this.limiter.release(this.account)]);
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
