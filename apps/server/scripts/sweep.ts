// npm run sweep -- --help
//
// The offline sweep of deposit addresses (docs/operations.md, "Sweeps"; decision 047). Run by
// the operator holding the deposit seed, on a machine that is not the server, with its own
// flags: it never reads the server's environment. The seed is read from a file or standard
// input, never from the command line (the shell's history and `ps` would show it).
import { readFileSync } from 'node:fs';
import { runSweep, SweepStop } from '../src/sweep/sweep';

const USAGE = `usage: npm run sweep -- --rpc URL --chain-id N --token ADDRESS --xpub XPUB
         --gas-key-file FILE --to ADDRESS --threshold USDT --plan FILE
         [--key-file FILE] [--count N] [--from-index N] [--send]

Moves the USDT of every deposit address holding at least --threshold to --to, after topping
each up from the gas wallet with exactly the BNB its transfer needs. Dry run unless --send.

  --rpc URL           a JSON-RPC endpoint of the chain (eth_chainId must answer --chain-id)
  --chain-id N        56 for BNB Smart Chain, 97 for its testnet
  --token ADDRESS     the USDT contract (checked: code, decimals() from 6 to 18)
  --xpub XPUB         the server's DEPOSIT_XPUB (m/44'/60'/0'/0); the key must derive it
  --key-file FILE     the mnemonic or xprv of the deposit seed; without it, standard input
  --gas-key-file FILE the private key (hex) of the gas wallet that pays the top-ups
  --to ADDRESS        where the USDT goes (one of the server's SWEEP_DESTINATIONS)
  --threshold USDT    sweep addresses holding at least this much (e.g. 10)
  --plan FILE         the plan file: made by the first --send, resumed by every later run
  --count N           deposit indices to scan for a new plan (from --from-index, default 0)
  --send              sign and send; without it nothing is signed, sent or written

A run that stops (a node error, too little BNB, a crash) is resumed by the same command: steps
already recorded in the plan are checked on chain and only their own bytes are sent again.`;

const BOOLEAN_FLAGS = new Set(['send', 'help']);

function parseFlags(args: string[]): Map<string, string> {
  const found = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) throw new SweepStop(`unexpected argument ${arg} (see --help)`);
    const name = arg.slice(2);
    if (BOOLEAN_FLAGS.has(name)) {
      found.set(name, 'true');
      continue;
    }
    const value = args[i + 1];
    if (value === undefined || value.startsWith('--'))
      throw new SweepStop(`--${name} needs a value (see --help)`);
    found.set(name, value);
    i += 1;
  }
  return found;
}

function wholeNumber(name: string, value: string | undefined): number | null {
  if (value === undefined) return null;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value)))
    throw new SweepStop(`--${name}: ${value} is not a whole number`);
  return Number(value);
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  if (flags.has('help')) {
    console.log(USAGE);
    return;
  }
  const need = (name: string) => {
    const value = flags.get(name);
    if (value === undefined) throw new SweepStop(`--${name} is missing (see --help)`);
    return value;
  };
  const keyFile = flags.get('key-file');
  const read = (file: string, flag: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (err) {
      throw new SweepStop(`--${flag}: ${file} cannot be read (${(err as Error).message})`);
    }
  };
  await runSweep({
    rpcUrl: need('rpc'),
    chainId: wholeNumber('chain-id', need('chain-id'))!,
    token: need('token'),
    xpub: need('xpub'),
    gasKey: read(need('gas-key-file'), 'gas-key-file'),
    destination: need('to'),
    threshold: need('threshold'),
    planPath: need('plan'),
    count: wholeNumber('count', flags.get('count')),
    fromIndex: wholeNumber('from-index', flags.get('from-index')) ?? 0,
    send: flags.has('send'),
    // Standard input (file descriptor 0) when no file is named: `gpg -d seed.gpg | npm run sweep`.
    keyMaterial: keyFile === undefined ? readFileSync(0, 'utf8') : read(keyFile, 'key-file'),
  });
}

main().catch((err: unknown) => {
  // One line: what stopped the run (a SweepStop says which flag or step); nothing else.
  const message = err instanceof Error ? err.message : String(err);
  console.error(`sweep stopped: ${message.split('\n')[0]}`);
  process.exit(1);
});
