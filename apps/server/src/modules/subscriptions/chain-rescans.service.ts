import type { ChainRescan } from '@ctn/contracts/reconciliation';
import type { Db } from '../../db/client';
import type { ChainHead } from '../../integrations/chain/chain-head';
import type { ChainReader } from '../../integrations/chain/chain-reader';
import { AppError, validationError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { Actor, AuditService } from '../audit/audit.service';
import type { SubscriptionsService } from './subscriptions.service';
import * as q from './subscriptions.queries';

export interface ChainRescansDeps {
  db: Db;
  chain: ChainReader;
  head: ChainHead;
  subscriptions: SubscriptionsService;
  audit: AuditService;
  log: Logger;
  /** Blocks one job run reads of each rescan before it saves its progress. */
  blocksPerRun?: number;
}

/**
 * "Rescan from block N" (decision 014): an operator who suspects a missed payment (a provider
 * outage, a misconfigured node) has every deposit address read again from block N up to the final
 * block of the moment. A job does it in batches and saves its progress; crediting stays exactly
 * once, so a rescan never pays twice, and it never moves the watcher's own position.
 */
export class ChainRescansService {
  private readonly blocksPerRun: bigint;

  constructor(private readonly deps: ChainRescansDeps) {
    this.blocksPerRun = BigInt(deps.blocksPerRun ?? 50_000);
  }

  async request(fromBlock: number, actor: Actor): Promise<ChainRescan> {
    let position;
    try {
      position = await this.deps.head.fresh();
    } catch {
      throw new AppError('CHAIN_UNAVAILABLE');
    }
    const from = BigInt(fromBlock);
    if (from > position.final)
      throw validationError([
        {
          field: 'fromBlock',
          message: `Enter a block at or below the final block ${position.final}`,
        },
      ]);
    const row = await this.deps.db.transaction(async (tx) => {
      const inserted = await q.insertRescan(tx, {
        chainIdentity: position.identity,
        fromBlock: from,
        toBlock: position.final,
        requestedBy: actor.id,
      });
      await this.deps.audit.record(tx, actor, {
        action: 'CHAIN_RESCAN_REQUESTED',
        target: { type: 'chain_rescan', id: inserted.id },
        after: { fromBlock: String(from), toBlock: String(position.final) },
      });
      return inserted;
    });
    return viewOf(row);
  }

  async list(): Promise<ChainRescan[]> {
    return (await q.recentRescans(this.deps.db, 20)).map(viewOf);
  }

  /** The job: each running rescan a batch further; a failure is kept and retried next run. */
  async continue(): Promise<{ running: number; credited: number }> {
    let credited = 0;
    const running = await q.runningRescans(this.deps.db);
    for (const rescan of running) {
      let status: 'RUNNING' | 'DONE' | 'FAILED' = 'RUNNING';
      let next = rescan.nextBlock;
      let found = 0;
      let error: string | null = null;
      try {
        const { identity } = await this.deps.head.position();
        if (identity !== rescan.chainIdentity) {
          status = 'FAILED';
          error = 'The node now answers for another chain than the one this rescan was asked on.';
        } else {
          const end =
            next + this.blocksPerRun - 1n < rescan.toBlock
              ? next + this.blocksPerRun - 1n
              : rescan.toBlock;
          const addresses = await this.deps.subscriptions.depositAddresses();
          const transfers = await this.deps.chain.transfersTo(addresses, next, end);
          await this.deps.head.confirmIdentity();
          found = await this.deps.subscriptions.creditFound(transfers);
          next = end + 1n;
          if (next > rescan.toBlock) status = 'DONE';
        }
      } catch (err) {
        error = err instanceof Error ? err.message.split('\n')[0]!.slice(0, 300) : String(err);
        this.deps.log.warn({ err, rescanId: rescan.id }, 'chain rescan batch failed: retried');
      }
      credited += found;
      await q.saveRescanProgress(this.deps.db, rescan.id, {
        nextBlock: next,
        credited: rescan.credited + found,
        status,
        error,
      });
    }
    return { running: running.length, credited };
  }
}

function viewOf(row: q.RescanRow): ChainRescan {
  return {
    _id: row.id,
    fromBlock: Number(row.fromBlock),
    toBlock: Number(row.toBlock),
    nextBlock: Number(row.nextBlock),
    status: row.status as ChainRescan['status'],
    credited: row.credited,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
