import { secp256k1 } from '@noble/curves/secp256k1';
import { bytesToHex } from 'viem';
import { HDKey, publicKeyToAddress } from 'viem/accounts';

/**
 * Watch-only deposit addresses (DESIGN.md section 4 "Subscription"): DEPOSIT_XPUB is the
 * extended public key of m/44'/60'/0'/0; the member with deposit index n gets child n.
 * No private key is ever on the server.
 */
export interface DepositAddressDeriver {
  addressAt(index: number): string;
}

export function depositAddressDeriver(xpub: string): DepositAddressDeriver {
  const parent = HDKey.fromExtendedKey(xpub);
  return {
    addressAt(index) {
      if (!Number.isInteger(index) || index < 0 || index >= 0x80000000)
        throw new RangeError(`bad deposit index ${index}`);
      const child = parent.deriveChild(index);
      if (!child.publicKey) throw new Error('xpub child has no public key');
      // bip32 gives the compressed key; an address is the hash of the uncompressed one.
      const uncompressed = secp256k1.ProjectivePoint.fromHex(child.publicKey).toRawBytes(false);
      return publicKeyToAddress(bytesToHex(uncompressed));
    },
  };
}

/**
 * Development only (never accepted in production, where DEPOSIT_XPUB is required): the xpub of
 * m/44'/60'/0'/0 for the public BIP39 test mnemonic "abandon abandon … about". Anyone can spend
 * from these addresses; they exist so a fresh clone runs with no keys.
 */
export const DEV_DEPOSIT_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
export const DEV_DEPOSIT_XPUB =
  'xpub6EF8jXqFeFEW5bwMU7RpQtHkzE4KJxcqJtvkCjJumzW8CPpacXkb92ek4WzLQXjL93HycJwTPUAcuNxCqFPKKU5m5Z2Vq4nCyh5CyPeBFFr';
