import type { AntiPhishingRequest, AntiPhishingResponse } from '@ctn/contracts/security';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { AccountSecurityService, RequestOrigin } from './account-security.service';
import type { AuthService } from './auth.service';
import * as q from './auth.queries';

export interface AntiPhishingDeps {
  db: Db;
  auth: Pick<AuthService, 'confirmPassword' | 'findById'>;
  security: Pick<AccountSecurityService, 'record' | 'mailQueued'>;
  secondFactor: {
    isEnabled(userId: string): Promise<boolean>;
    requireCode(userId: string, code: string): Promise<void>;
  };
}

/**
 * The member's anti-phishing phrase (decision 051): set, changed or removed with the password
 * and, where two-factor sign-in is on, a second-factor code, because whoever chooses it decides
 * what a genuine mail looks like to the member. Each change is a security event, mailed.
 */
export class AntiPhishingService {
  constructor(private readonly deps: AntiPhishingDeps) {}

  async phraseOf(userId: string): Promise<AntiPhishingResponse> {
    const user = await this.deps.auth.findById(userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    return { phrase: user.antiPhishingPhrase };
  }

  async save(
    userId: string,
    request: AntiPhishingRequest,
    origin: RequestOrigin,
  ): Promise<AntiPhishingResponse> {
    const user = await this.deps.auth.confirmPassword(userId, request.password, origin);
    const { secondFactor } = this.deps;
    if (await secondFactor.isEnabled(userId)) {
      if (!request.totpCode) throw new AppError('TWO_FACTOR_REQUIRED');
      await secondFactor.requireCode(userId, request.totpCode);
    }
    await this.deps.db.transaction(async (tx) => {
      await q.setAntiPhishingPhrase(tx, userId, request.phrase);
      // The mail telling of the change already carries the new phrase (or none).
      await this.deps.security.record(
        tx,
        user,
        request.phrase === null ? 'ANTI_PHISHING_PHRASE_REMOVED' : 'ANTI_PHISHING_PHRASE_SET',
        origin,
      );
    });
    this.deps.security.mailQueued();
    return { phrase: request.phrase };
  }
}
