import { isSolanaAddress } from '@shared/keys/base58';
import { newKeypair } from './keypair';

/** Another valid address with the same first 4 and last 4 characters: what the look-alike check must catch. */
export function lookalikeOf(address: string): string {
  for (;;) {
    const other = newKeypair().address;
    if (other.length !== address.length) continue;
    const candidate = address.slice(0, 4) + other.slice(4, -4) + address.slice(-4);
    if (candidate !== address && isSolanaAddress(candidate)) return candidate;
  }
}
