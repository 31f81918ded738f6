import {
  LEGAL_DOCUMENTS,
  LEGAL_TITLES,
  legalBodySchema,
  siteLinksSchema,
  type LegalDocument,
  type LegalDocumentKey,
  type SiteLinks,
} from '@ctn/contracts/site';
import { KeptByKeyUntilChanged, type ChangeFeed } from '../../db/change-feed';
import type { Db } from '../../db/client';
import { toIso } from '../../lib/values';
import type { Actor, AuditService } from '../audit/audit.service';
import { defaultLegalBody } from './legal-defaults';
import * as q from './settings.queries';

const LINKS_KEY = 'site';
const legalKey = (document: LegalDocumentKey) => `legal:${document}`;

/**
 * The public site's operator-owned facts (issue 18 item 7): its links and support mailbox, and
 * the legal pages' text. Read on every public page, so kept until any setting is saved on any
 * instance (the settings change feed).
 */
export class SiteService {
  private readonly keptLinks: KeptByKeyUntilChanged<SiteLinks>;
  private readonly keptLegal: KeptByKeyUntilChanged<LegalDocument>;

  constructor(
    private readonly db: Db,
    private readonly audit: AuditService,
    /** The links from the environment, used until an administrator saves them. */
    private readonly envLinks: SiteLinks,
    changes: ChangeFeed | null = null,
  ) {
    this.keptLinks = new KeptByKeyUntilChanged(changes, 1);
    this.keptLegal = new KeptByKeyUntilChanged(changes, LEGAL_DOCUMENTS.length);
  }

  /** Saved links win; a link never saved keeps the environment's value (or stays unset). */
  links(): Promise<SiteLinks> {
    return this.keptLinks.get(LINKS_KEY, () => this.readLinks(this.db));
  }

  async saveLinks(actor: Actor, next: SiteLinks): Promise<SiteLinks> {
    const value = siteLinksSchema.parse(next);
    return this.db.transaction(async (tx) => {
      const before = await this.readLinks(tx);
      await q.writeSetting(tx, LINKS_KEY, value, actor.id);
      await this.audit.record(tx, actor, {
        action: 'SETTINGS_UPDATED',
        target: { type: 'settings', id: LINKS_KEY },
        before,
        after: value,
      });
      return value;
    });
  }

  legal(document: LegalDocumentKey): Promise<LegalDocument> {
    return this.keptLegal.get(document, () => this.readLegal(this.db, document));
  }

  async saveLegal(actor: Actor, document: LegalDocumentKey, body: string): Promise<LegalDocument> {
    const value = legalBodySchema.parse({ body });
    return this.db.transaction(async (tx) => {
      const before = await this.readLegal(tx, document);
      await q.writeSetting(tx, legalKey(document), value, actor.id);
      await this.audit.record(tx, actor, {
        action: 'SETTINGS_UPDATED',
        target: { type: 'settings', id: legalKey(document) },
        before: { body: before.body },
        after: value,
      });
      return this.readLegal(tx, document);
    });
  }

  private async readLinks(db: Db): Promise<SiteLinks> {
    const saved = await q.readSetting(db, LINKS_KEY);
    const merged = siteLinksSchema.safeParse(
      saved !== null && typeof saved === 'object' ? { ...this.envLinks, ...saved } : this.envLinks,
    );
    return merged.success ? merged.data : this.envLinks;
  }

  private async readLegal(db: Db, document: LegalDocumentKey): Promise<LegalDocument> {
    const saved = await q.readSettingSaved(db, legalKey(document));
    const stored = saved ? legalBodySchema.safeParse(saved.value) : null;
    if (saved && stored?.success)
      return {
        document,
        title: LEGAL_TITLES[document],
        body: stored.data.body,
        updatedAt: toIso(saved.updatedAt),
      };
    const { supportEmail } = await this.readLinks(db);
    return {
      document,
      title: LEGAL_TITLES[document],
      body: defaultLegalBody(document, supportEmail),
      updatedAt: null,
    };
  }
}
