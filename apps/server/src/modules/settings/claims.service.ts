import {
  claimPartsProblem,
  type AdminClaim,
  type AdminClaims,
  type ClaimEvidence,
} from '@ctn/contracts/operator';
import {
  CLAIM_IDS,
  CLAIMS,
  needsConfirmation,
  type ClaimId,
  type PublicClaims,
} from '@ctn/contracts/operator-facts';
import { z } from 'zod';
import { KeptByKeyUntilChanged, type ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { validationError } from '../../lib/app-error';
import type { Actor, AuditService } from '../audit/audit.service';
import type { DisclosureService } from '../disclosure/disclosure.service';
import type { SettingsService } from './settings.service';
import * as q from './settings.queries';

const PREFIX = 'claim:';
const keyOf = (id: ClaimId) => `${PREFIX}${id}`;

/** One claim's row: the operator's text (absent: the spec's) and who confirmed it, when. */
const savedClaimSchema = z.object({
  parts: z.record(z.string(), z.string()).optional(),
  confirmation: z
    .object({ byId: z.string(), byEmail: z.string(), at: z.string() })
    .nullable()
    .optional(),
});
type SavedClaim = z.infer<typeof savedClaimSchema>;

/**
 * The public pages' marketing claims as the operator's own words (decision 049). Each ships with
 * the spec's text; a claim about returns, rank, a partnership or availability is shown only
 * while an administrator's confirmation that it can be substantiated stands (audited with who
 * and when). Changing a confirmed claim's text withdraws its confirmation: it vouched for the
 * old words.
 */
export class ClaimsService {
  private readonly kept: KeptByKeyUntilChanged<PublicClaims>;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    private readonly disclosure: Pick<DisclosureService, 'latest'>,
    private readonly settings: Pick<SettingsService, 'rewardPolicy'>,
    changes: ChangeFeed | null = null,
  ) {
    this.kept = new KeptByKeyUntilChanged(changes, 1);
  }

  /** What the public pages show: each claim's parts, or null where it is left out. */
  shown(): Promise<PublicClaims> {
    return this.kept.get('claims', async () => {
      const saved = await this.readAll(this.db);
      return Object.fromEntries(
        CLAIM_IDS.map((id) => {
          const claim = this.view(id, saved.get(id) ?? {});
          return [id, claim.shown ? claim.parts : null];
        }),
      ) as PublicClaims;
    });
  }

  /** Every claim with its state, and the disclosure's figures beside the return claims. */
  async forAdmin(): Promise<AdminClaims> {
    const saved = await this.readAll(this.db);
    return {
      claims: CLAIM_IDS.map((id) => this.view(id, saved.get(id) ?? {})),
      evidence: await this.evidence(),
    };
  }

  /** Saves a claim's text (audited); a confirmed claim whose words change loses its confirmation. */
  async saveParts(actor: Actor, id: ClaimId, parts: Record<string, string>): Promise<AdminClaim> {
    const problem = claimPartsProblem(id, parts);
    if (problem) throw validationError([{ field: 'parts', message: problem }]);
    return this.change(actor, id, (before) => {
      const defaults: Record<string, string> = CLAIMS[id].defaults;
      const current = before.parts ?? defaults;
      const same = Object.keys(defaults).every((key) => current[key] === parts[key]);
      if (same) return null;
      return {
        action: 'SETTINGS_UPDATED',
        next: { parts, confirmation: null },
      };
    });
  }

  /** Confirms the claim can be substantiated (audited); it shows from now on. */
  confirm(actor: Actor, id: ClaimId): Promise<AdminClaim> {
    if (!needsConfirmation(CLAIMS[id].kind))
      throw validationError([
        { field: 'claim', message: 'This claim states a product rule: it needs no confirmation' },
      ]);
    return this.change(actor, id, (before) =>
      before.confirmation
        ? null
        : {
            action: 'CLAIM_CONFIRMED',
            next: {
              ...before,
              confirmation: { byId: actor.id, byEmail: actor.email, at: new Date().toISOString() },
            },
          },
    );
  }

  /** Withdraws the confirmation (audited); the claim is hidden again. */
  unconfirm(actor: Actor, id: ClaimId): Promise<AdminClaim> {
    return this.change(actor, id, (before) =>
      before.confirmation
        ? { action: 'CLAIM_UNCONFIRMED', next: { ...before, confirmation: null } }
        : null,
    );
  }

  /**
   * One change of one claim under its row's lock (two administrators at once: the second sees
   * the first's result); `decide` answers null when nothing changes, and nothing is audited.
   */
  private async change(
    actor: Actor,
    id: ClaimId,
    decide: (before: SavedClaim) => {
      action: 'SETTINGS_UPDATED' | 'CLAIM_CONFIRMED' | 'CLAIM_UNCONFIRMED';
      next: SavedClaim;
    } | null,
  ): Promise<AdminClaim> {
    return this.db.transaction(async (tx) => {
      await q.insertSettingIfAbsent(tx, keyOf(id), {});
      const stored = savedClaimSchema.safeParse(await q.lockSetting(tx, keyOf(id)));
      const before = stored.success ? stored.data : {};
      const decision = decide(before);
      if (decision === null) return this.view(id, before);
      await q.writeSetting(tx, keyOf(id), decision.next, actor.id);
      await this.audit.record(tx, actor, {
        action: decision.action,
        target: { type: 'claim', id },
        before: this.auditView(id, before),
        after: this.auditView(id, decision.next),
      });
      return this.view(id, decision.next);
    });
  }

  private auditView(id: ClaimId, saved: SavedClaim) {
    const view = this.view(id, saved);
    return {
      parts: view.parts,
      confirmedBy: saved.confirmation?.byEmail ?? null,
      confirmedAt: saved.confirmation?.at ?? null,
    };
  }

  private view(id: ClaimId, saved: SavedClaim): AdminClaim {
    const definition = CLAIMS[id];
    const defaults: Record<string, string> = definition.defaults;
    const parts = saved.parts && !claimPartsProblem(id, saved.parts) ? saved.parts : defaults;
    const gated = needsConfirmation(definition.kind);
    const confirmation = gated && saved.confirmation ? saved.confirmation : null;
    return {
      id,
      place: definition.place,
      kind: definition.kind,
      needsConfirmation: gated,
      parts,
      defaults,
      isDefault: Object.keys(defaults).every((key) => parts[key] === defaults[key]),
      confirmation: confirmation ? { byEmail: confirmation.byEmail, at: confirmation.at } : null,
      shown: !gated || confirmation !== null,
    };
  }

  private async readAll(db: Db): Promise<Map<ClaimId, SavedClaim>> {
    const rows = await q.readSettingsWithPrefix(db, PREFIX);
    const saved = new Map<ClaimId, SavedClaim>();
    for (const row of rows) {
      const id = row.key.slice(PREFIX.length) as ClaimId;
      const parsed = savedClaimSchema.safeParse(row.value);
      if (id in CLAIMS && parsed.success) saved.set(id, parsed.data);
    }
    return saved;
  }

  /** The last 30 days of the newest disclosure, and one period's fee. */
  private async evidence(): Promise<ClaimEvidence | null> {
    const latest = await this.disclosure.latest();
    const window = latest?.windows.find((w) => w.days === 30);
    if (!latest || !window) return null;
    const { feeMicro } = await this.settings.rewardPolicy();
    return {
      day: latest.day,
      days: window.days,
      members: window.members,
      earnedNothing: window.earnedNothing,
      medianMicro: window.medianMicro,
      p90Micro: window.p90Micro,
      feeMicro: feeMicro.toString(),
    };
  }
}
