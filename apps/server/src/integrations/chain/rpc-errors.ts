/**
 * What a JSON-RPC provider's error means for the payment watcher. Providers word the same limits
 * differently, so these match on codes and on the phrases public providers and node software use
 * (geth, erigon, BSC's and hosted endpoints such as Alchemy, Infura, QuickNode, Ankr, NodeReal,
 * Chainstack). Anything not recognised is a plain failure: the watcher retries it later and never
 * moves past the blocks it could not read.
 */

/** Every code and message along an error's cause chain (viem wraps the node's answer). */
function describe(err: unknown): { codes: number[]; statuses: number[]; text: string } {
  const codes: number[] = [];
  const statuses: number[] = [];
  const texts: string[] = [];
  let current: unknown = err;
  for (let depth = 0; current && depth < 8; depth++) {
    if (typeof current !== 'object') {
      if (typeof current === 'string' || typeof current === 'number') texts.push(String(current));
      break;
    }
    const e = current as {
      code?: unknown;
      status?: unknown;
      details?: unknown;
      message?: unknown;
      shortMessage?: unknown;
      name?: unknown;
      cause?: unknown;
    };
    if (typeof e.code === 'number') codes.push(e.code);
    if (typeof e.status === 'number') statuses.push(e.status);
    // viem's `message` repeats the request body (which names the `finalized` tag we asked
    // for): read the node's own words (`details`) and the summary, not the echo.
    const own = typeof e.details === 'string' || typeof e.shortMessage === 'string';
    for (const t of [e.details, e.shortMessage, own ? undefined : e.message, e.name])
      if (typeof t === 'string') texts.push(t);
    current = e.cause;
  }
  return { codes, statuses, text: texts.join(' | ') };
}

const RANGE_LIMIT_PHRASES =
  /block range|range (is )?too (large|wide|big)|range limit|(max|maximum) (block )?range|range of blocks|more than \d[\d,]* (results|logs|blocks)|too many (results|logs|blocks)|response size|exceeds? (the )?(max|maximum)? ?results|is limited to|query timeout|limit exceeded/i;

/**
 * The provider refused an `eth_getLogs` range as too large (in blocks or in results): a smaller
 * range may work. -32005 is the "limit exceeded" code of EIP-1474.
 */
export function isRangeLimitError(err: unknown): boolean {
  const { codes, statuses, text } = describe(err);
  if (statuses.includes(429) || /\b429\b|rate limit|too many requests/i.test(text)) return false;
  return codes.includes(-32005) || RANGE_LIMIT_PHRASES.test(text);
}

/**
 * The node answered that it does not know the `finalized` tag (an older or non-PoS node). A
 * timeout, a 429 or a network failure is not that: it says nothing about the tag.
 */
export function isUnsupportedTagError(err: unknown): boolean {
  const { codes, statuses, text } = describe(err);
  if (
    statuses.length > 0 ||
    /timed? ?out|timeout|took too long|rate limit|too many requests|fetch failed/i.test(text)
  )
    return false;
  if (codes.includes(-39001)) return true; // geth: "unknown block"
  if (/BlockNotFound|finali[sz]ed block not found|unknown block/i.test(text)) return true;
  return (
    (codes.includes(-32602) || codes.includes(-32601) || codes.includes(-32000)) &&
    /finali[sz]ed|block tag|unsupported|not supported|invalid (argument|block)|hex string/i.test(
      text,
    )
  );
}

/** A short label for logs and metrics: which kind of fault this was. */
export function faultKind(err: unknown): string {
  const { statuses, text } = describe(err);
  if (statuses.includes(429) || /\b429\b|rate limit|too many requests/i.test(text))
    return 'rate_limited';
  if (/timed? ?out|timeout|took too long/i.test(text)) return 'timeout';
  if (/malformed log/i.test(text)) return 'malformed_log';
  if (/chain switched/i.test(text)) return 'chain_switched';
  if (isRangeLimitError(err)) return 'range_limit';
  if (/fetch failed|ECONNREFUSED|ECONNRESET|socket/i.test(text)) return 'unreachable';
  return 'rpc_error';
}
