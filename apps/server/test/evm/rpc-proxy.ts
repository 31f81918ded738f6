import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A JSON-RPC proxy in front of a real node (anvil) that behaves like hosted providers do when
 * things go wrong, so the payment watcher is tested against the world rather than against itself:
 * - `lagLogsMs`: the log-serving node lags the head node (a load-balanced pool): a log is left
 *   out of eth_getLogs answers until that long after the proxy first had it to give.
 * - `maxLogRange`: eth_getLogs over more blocks is refused the way providers refuse it.
 * - `getLogsDisabled`: eth_getLogs is not offered at all (BNB's public endpoints).
 * - `noFinalizedTag`: the node does not know the `finalized` tag (an older node).
 * - `status429`, `hang`, `rpcError`: rate limiting, a request that never answers, a node error.
 * - `malformLogs`: logs come back with their topics cut off.
 * - `forgetTransactions`: a node that passes a transaction on to its peers and drops it itself:
 *   eth_sendRawTransaction is forwarded (the chain will mine it) but answered with an error, and
 *   eth_getTransactionByHash answers null (as geth does for a hash it does not hold).
 * - `upstream`: where requests go; pointing it at another node switches the chain under us.
 */
export interface ProxyFaults {
  lagLogsMs?: number;
  maxLogRange?: number;
  getLogsDisabled?: boolean;
  noFinalizedTag?: boolean;
  status429?: boolean;
  hang?: boolean;
  rpcError?: boolean;
  malformLogs?: boolean;
  forgetTransactions?: boolean;
}

interface RpcRequest {
  jsonrpc?: string;
  id?: unknown;
  method?: string;
  params?: unknown[];
}

interface RpcLog {
  blockNumber: string;
  transactionHash: string;
  logIndex: string;
  topics: string[];
}

export class RpcProxy {
  faults: ProxyFaults = {};
  /** Methods asked, in order (tests count calls). */
  readonly calls: string[] = [];
  private readonly server: Server;
  private readonly firstOffered = new Map<string, number>();
  private readonly hanging = new Set<() => void>();

  constructor(public upstream: string) {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        (answer) => {
          if (answer === 'hang') {
            this.hanging.add(() => res.destroy());
            return;
          }
          res.writeHead(answer.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(answer.body));
        },
        (err: unknown) => {
          res.writeHead(502, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: String(err) }));
        },
      );
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const drop of this.hanging) drop();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: IncomingMessage): Promise<'hang' | { status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const payload = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcRequest | RpcRequest[];
    const requests = Array.isArray(payload) ? payload : [payload];
    for (const r of requests) this.calls.push(r.method ?? '?');
    if (this.faults.hang) return 'hang';
    if (this.faults.status429) return { status: 429, body: { message: 'Too Many Requests' } };
    const answers = await Promise.all(requests.map((r) => this.answer(r)));
    return { status: 200, body: Array.isArray(payload) ? answers : answers[0] };
  }

  private async answer(request: RpcRequest): Promise<unknown> {
    const fail = (code: number, message: string) => ({
      jsonrpc: '2.0',
      id: request.id ?? null,
      error: { code, message },
    });
    if (this.faults.rpcError) return fail(-32000, 'internal error: header not found');
    const params = request.params ?? [];
    if (request.method === 'eth_getBlockByNumber' && params[0] === 'finalized') {
      if (this.faults.noFinalizedTag) return fail(-32602, 'invalid argument 0: unknown block tag');
    }
    if (this.faults.forgetTransactions) {
      if (request.method === 'eth_getTransactionByHash')
        return { jsonrpc: '2.0', id: request.id ?? null, result: null };
      if (request.method === 'eth_sendRawTransaction') {
        await this.forward(request);
        return fail(-32000, 'txpool is full');
      }
    }
    if (request.method === 'eth_getLogs') {
      if (this.faults.getLogsDisabled)
        return fail(-32601, 'the method eth_getLogs does not exist/is not available');
      const filter = (params[0] ?? {}) as { fromBlock?: string; toBlock?: string };
      const cap = this.faults.maxLogRange;
      if (cap !== undefined && filter.fromBlock && filter.toBlock) {
        const span = Number(BigInt(filter.toBlock) - BigInt(filter.fromBlock)) + 1;
        if (span > cap) return fail(-32005, `exceed maximum block range: ${cap}`);
      }
    }
    const answer = await this.forward(request);
    if (request.method === 'eth_getLogs' && Array.isArray(answer.result))
      answer.result = this.shapeLogs(answer.result as RpcLog[]);
    return answer;
  }

  private async forward(request: RpcRequest): Promise<{ result?: unknown }> {
    const upstream = await fetch(this.upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(request),
    });
    return (await upstream.json()) as { result?: unknown };
  }

  private shapeLogs(logs: RpcLog[]): RpcLog[] {
    const now = Date.now();
    let out = logs;
    const lag = this.faults.lagLogsMs;
    if (lag !== undefined) {
      out = out.filter((log) => {
        const key = `${log.transactionHash}:${log.logIndex}`;
        const first = this.firstOffered.get(key) ?? now;
        this.firstOffered.set(key, first);
        return now - first >= lag;
      });
    }
    if (this.faults.malformLogs)
      out = out.map((log) => ({ ...log, topics: log.topics.slice(0, 1) }));
    return out;
  }
}
