import { pbkdf2Sync } from 'node:crypto';
import { bytesToHex, type Hex } from 'viem';
import { HDKey } from 'viem/accounts';
import { depositAddressDeriver } from '../integrations/chain/deposit-addresses';

/**
 * The deposit seed, held only by the offline sweep (docs/operations.md, "Sweeps"): a BIP39
 * mnemonic or an extended private key, checked against DEPOSIT_XPUB (the extended public key of
 * m/44'/60'/0'/0, decision 011) before anything else happens. A key that does not derive the
 * xpub would sign for addresses no member was given: it is refused.
 */

/** The path whose extended public key is DEPOSIT_XPUB; member n's address is its child n. */
export const DEPOSIT_PATH = "m/44'/60'/0'/0";

export interface DepositKeys {
  /** The private key of deposit index `index` (child `index` of DEPOSIT_PATH). */
  privateKeyAt(index: number): Hex;
  /** The address of deposit index `index`, checksummed. */
  addressAt(index: number): `0x${string}`;
}

/** The key material is unusable or is not the deposit seed: one line, nothing else happens. */
export class SweepKeyError extends Error {
  override name = 'SweepKeyError';
}

/**
 * BIP39's seed: PBKDF2-HMAC-SHA512 of the NFKD mnemonic, salted "mnemonic" + passphrase, 2048
 * rounds, 64 bytes (the word list's checksum is not needed: the xpub check is stricter).
 */
function mnemonicSeed(mnemonic: string): Uint8Array {
  const words = mnemonic.normalize('NFKD').trim().split(/\s+/).join(' ');
  return pbkdf2Sync(words, 'mnemonic'.normalize('NFKD'), 2048, 64, 'sha512');
}

/** The node at DEPOSIT_PATH from a mnemonic, a master xprv, or the xprv of that node itself. */
function depositNode(material: string): HDKey {
  const text = material.trim();
  if (text === '') throw new SweepKeyError('the key file is empty: give a mnemonic or an xprv');
  if (/^[a-z]prv[1-9A-HJ-NP-Za-km-z]+$/.test(text)) {
    let key: HDKey;
    try {
      key = HDKey.fromExtendedKey(text);
    } catch (err) {
      throw new SweepKeyError(`the xprv cannot be read (${(err as Error).message})`);
    }
    if (!key.privateKey) throw new SweepKeyError('the extended key holds no private key');
    // A master key (depth 0) is walked down to the deposit path; any other is taken as that node.
    return key.depth === 0 ? key.derive(DEPOSIT_PATH) : key;
  }
  const words = text.split(/\s+/);
  if (![12, 15, 18, 21, 24].includes(words.length) || !words.every((w) => /^\p{Ll}+$/u.test(w)))
    throw new SweepKeyError(
      'the key file holds neither a mnemonic (12 to 24 words) nor an xprv (one line)',
    );
  return HDKey.fromMasterSeed(mnemonicSeed(text)).derive(DEPOSIT_PATH);
}

const sameBytes = (a: Uint8Array | null, b: Uint8Array | null) =>
  a !== null && b !== null && a.length === b.length && a.every((byte, i) => byte === b[i]);

/**
 * The deposit keys from `material` (a mnemonic or an xprv), refused with one line unless their
 * node at DEPOSIT_PATH has exactly the public key and chain code of `xpub`.
 */
export function depositKeys(material: string, xpub: string): DepositKeys {
  let expected: HDKey;
  try {
    expected = HDKey.fromExtendedKey(xpub.trim());
  } catch (err) {
    throw new SweepKeyError(`--xpub cannot be read (${(err as Error).message})`);
  }
  const node = depositNode(material);
  if (
    !sameBytes(node.publicKey, expected.publicKey) ||
    !sameBytes(node.chainCode, expected.chainCode)
  )
    throw new SweepKeyError(
      `the key does not derive --xpub (its ${DEPOSIT_PATH} is ${node.publicExtendedKey.slice(0, 16)}…): nothing was read or sent`,
    );
  // The server's own derivation from the xpub: exactly the addresses members were shown.
  const deriver = depositAddressDeriver(xpub.trim());
  const privateKeyAt = (index: number): Hex => {
    if (!Number.isInteger(index) || index < 0 || index >= 0x80000000)
      throw new RangeError(`bad deposit index ${index}`);
    const child = node.deriveChild(index);
    if (!child.privateKey) throw new SweepKeyError(`deposit index ${index} has no private key`);
    return bytesToHex(child.privateKey);
  };
  return {
    privateKeyAt,
    addressAt: (index) => deriver.addressAt(index) as `0x${string}`,
  };
}
