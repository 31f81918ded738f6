import { mnemonicToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEV_DEPOSIT_MNEMONIC, DEV_DEPOSIT_XPUB, depositAddressDeriver } from './deposit-addresses';

describe('deposit addresses from an xpub', () => {
  it("derives child n of the xpub exactly as the wallet derives m/44'/60'/0'/0/n from the mnemonic", () => {
    const deriver = depositAddressDeriver(DEV_DEPOSIT_XPUB);
    for (const index of [0, 1, 2, 7, 1000, 2 ** 31 - 1]) {
      expect(deriver.addressAt(index)).toBe(
        mnemonicToAccount(DEV_DEPOSIT_MNEMONIC, { addressIndex: index }).address,
      );
    }
    expect(deriver.addressAt(0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it('refuses indexes outside the non-hardened range', () => {
    const deriver = depositAddressDeriver(DEV_DEPOSIT_XPUB);
    expect(() => deriver.addressAt(-1)).toThrow(RangeError);
    expect(() => deriver.addressAt(2 ** 31)).toThrow(RangeError);
  });
});
