import type { OrderLane } from '@shared/domain-values';

export interface LaneText {
  /** What the address is for, as the buyer picks it. */
  title: string;
  /** Its examples, short. */
  examples: string;
  /** How it is made, in a sentence. */
  how: string;
  can: string[];
  cannot: string[];
}

/**
 * The three order lanes in words (DESIGN.md §14). Each says plainly what the buyer can and cannot do with the
 * result: above all that a split key's scalar is not a seed, so no wallet can import it.
 */
export const LANE_TEXTS: Record<OrderLane, LaneText> = {
  wallet: {
    title: 'A wallet',
    examples: 'an address you receive and send from',
    how: 'The shop grinds an ordinary keypair and seals its key in the vault the moment it is found; you buy it, then reveal the key.',
    can: ['Import the key into Phantom, Backpack, Solflare or solana-keygen and use the address as a wallet.'],
    cannot: ['Say nobody else ever held the key: the shop generated it (sealed at birth, but it knew it).'],
  },
  'split-key': {
    title: 'A token mint or program',
    examples: 'token mints, program IDs, multisig create-keys',
    how: 'Split key: this page makes a secret that never leaves it and sends only its public half. The shop searches for a tweak that, added to your half, gives the pattern. Only this page can combine the two, so nobody else ever holds the key.',
    can: [
      'Create your token mint (or a program or multisig create-key) at the address: the key signs that one creation transaction.',
      'Check the proof yourself: the address is your public half plus the tweak times the base point.',
    ],
    cannot: [
      'Import the key into any wallet. It is a raw scalar, not a seed, and Phantom, Backpack, Solflare, solana-keygen and web3.js all take a seed. It is for an address whose key signs once.',
      'Finish later without the file: the secret lives only in this page until you download it.',
    ],
  },
  'seed-derived': {
    title: 'An account with no key',
    examples: 'a token mint or data account created from your wallet',
    how: 'Seed-derived: the address is sha256(your wallet ‖ seed ‖ owner program). The shop grinds the seed string; the account has no private key at all, and your wallet signs its creation.',
    can: [
      'Create the account from your own wallet (CreateAccountWithSeed): a mint made this way works with every token tool.',
    ],
    cannot: [
      'Sign as the address: it has no key. Launchpads that insist on a mint signature need the split-key lane.',
      'Create it from another wallet than the one it was ordered for, or for another owner program.',
    ],
  },
};

export const LANE_ORDER: readonly OrderLane[] = ['wallet', 'split-key', 'seed-derived'];
