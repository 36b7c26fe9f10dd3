import { getCreateAccountInstruction } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getFreezeAccountInstruction,
  getInitializeMint2Instruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import {
  address,
  createSignerFromKeyPair,
  generateKeyPairSigner,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { MINT_SIZE } from '@local-chain/token/token-state';
import { LAMPORTS_PER_SOL } from '@shared/money';
import { HttpWallet } from './http-client';
import { signedWireTransaction, type RawLifetime } from '../../tests/helpers/wire-transaction';

/**
 * The hostile actors of the load run, each bounded by `until` (a time in ms) and sending only
 * to the bench's own loopback server.
 */

export interface HostileOrderTally {
  attempts: number;
  /** Answers by status and error code, e.g. `409 INSUFFICIENT_FUNDS`. */
  answers: Record<string, number>;
  /** Orders the server took (201): with no SOL, none should be. */
  placed: number;
}

/**
 * Wallets with no SOL, signed in, each from its own client address, placing the attack's order (`zzzz`, about 706 s
 * of grinding each on this machine) once a second until `until` (50 such wallets once filled the queue).
 */
export async function hostileOrders(wallets: HttpWallet[], until: number): Promise<HostileOrderTally> {
  const tally: HostileOrderTally = { attempts: 0, answers: {}, placed: 0 };
  await Promise.all(
    wallets.map(async (w) => {
      while (Date.now() < until) {
        const res = await w.call<{ error?: string }>('POST', '/api/orders', { pattern: 'zzzz', position: 'prefix' });
        tally.attempts++;
        const key = `${res.status} ${res.json?.error ?? ''}`.trim();
        tally.answers[key] = (tally.answers[key] ?? 0) + 1;
        if (res.status === 201) tally.placed++;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }),
  );
  return tally;
}

export interface FreezeTally {
  frozen: number;
  failed: number;
  /** Anonymous Actions POSTs after each freeze, by status (what let a stranger unlist listings). */
  actionPosts: Record<string, number>;
  firstError?: string;
}

async function send(stranger: HttpWallet, payer: KeyPairSigner, instructions: Instruction[]): Promise<void> {
  const { value: lifetime } = await stranger.rpc<{ value: RawLifetime }>('getLatestBlockhash', [
    { commitment: 'confirmed' },
  ]);
  const wire = await signedWireTransaction(payer, instructions, lifetime);
  await stranger.rpc('sendTransaction', [wire, { encoding: 'base64' }]);
}

/**
 * One stranger: makes a mint with itself as freeze authority, then for each target listing in turn
 * creates the listed address's associated token account (anyone may) and freezes it, and sends one anonymous
 * Solana Actions POST for that listing, until every target is done or `until` passes. `done(i)` is called after
 * target i, frozen or not.
 */
export async function freezeListedAddresses(
  origin: string,
  ip: string,
  targets: readonly string[],
  until: number,
  done: (i: number) => void = () => undefined,
): Promise<FreezeTally> {
  const tally: FreezeTally = { frozen: 0, failed: 0, actionPosts: {} };
  const stranger = await HttpWallet.create(origin, ip);
  const payer = await createSignerFromKeyPair(stranger.keys);
  await stranger.airdrop(LAMPORTS_PER_SOL);
  const mint = await generateKeyPairSigner();
  const rent = await stranger.rpc<number>('getMinimumBalanceForRentExemption', [MINT_SIZE]);
  await send(stranger, payer, [
    getCreateAccountInstruction({
      payer,
      newAccount: mint,
      lamports: BigInt(rent),
      space: MINT_SIZE,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({
      mint: mint.address,
      decimals: 0,
      mintAuthority: payer.address,
      freezeAuthority: payer.address,
    }),
  ]);
  for (const [i, target] of targets.entries()) {
    if (Date.now() >= until) break;
    try {
      const owner = address(target);
      const [ata] = await findAssociatedTokenPda({ owner, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS });
      await send(stranger, payer, [
        getCreateAssociatedTokenIdempotentInstruction({ payer, ata, owner, mint: mint.address }),
        getFreezeAccountInstruction({ account: ata, mint: mint.address, owner: payer }),
      ]);
      tally.frozen++;
      const res = await stranger.call('POST', `/api/actions/listings/${target}`, { account: stranger.address });
      tally.actionPosts[res.status] = (tally.actionPosts[res.status] ?? 0) + 1;
    } catch (err) {
      tally.failed++;
      tally.firstError ??= (err as Error).message.slice(0, 200);
    }
    done(i);
  }
  return tally;
}
