import { operatorFactsSchema } from '@ctn/contracts/operator';
import type { OperatorFacts } from '@ctn/contracts/operator-facts';
import { KeptByKeyUntilChanged, type ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/client';
import type { Actor, AuditService } from '../audit/audit.service';
import * as q from './settings.queries';

const OPERATOR_KEY = 'operator';

/**
 * Who runs the platform and how members reach support (decision 049): the legal entity, its
 * address and jurisdiction, the support channels and the hours kept, the legal pages' effective
 * date. The environment's values until an administrator saves them; read by every public page,
 * so kept until any setting is saved on any instance.
 */
export class OperatorService {
  private readonly kept: KeptByKeyUntilChanged<OperatorFacts>;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    /** The facts from the environment, used until an administrator saves them. */
    private readonly envFacts: OperatorFacts,
    changes: ChangeFeed | null = null,
  ) {
    this.kept = new KeptByKeyUntilChanged(changes, 1);
  }

  facts(): Promise<OperatorFacts> {
    return this.kept.get(OPERATOR_KEY, () => this.read(this.db));
  }

  async save(actor: Actor, next: OperatorFacts): Promise<OperatorFacts> {
    const value = operatorFactsSchema.parse(next);
    return this.db.transaction(async (tx) => {
      const before = await this.read(tx);
      await q.writeSetting(tx, OPERATOR_KEY, value, actor.id);
      await this.audit.record(tx, actor, {
        action: 'SETTINGS_UPDATED',
        target: { type: 'settings', id: OPERATOR_KEY },
        before,
        after: value,
      });
      return value;
    });
  }

  /** Saved facts win as a whole (an administrator clearing one means unset, not the env's). */
  async read(db: Db): Promise<OperatorFacts> {
    const saved = operatorFactsSchema.safeParse(await q.readSetting(db, OPERATOR_KEY));
    return saved.success ? saved.data : this.envFacts;
  }
}
