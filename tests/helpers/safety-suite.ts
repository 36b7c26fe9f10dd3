import { createKeyPairSignerFromBytes, createSolanaRpc, devnet, type KeyPairSigner } from '@solana/kit';
import { beforeAll, expect } from 'vitest';
import type { OwnListing } from '@shared/api/listings';
import type { SafetyReport } from '@shared/api/trust';
import type { TestApp } from './app';
import type { TestKeypair } from './keypair';
import { fundedSigner, type TestRpc } from './local-chain';
import { createTestMint, type TestMint } from './local-chain-tokens';
import { usePurchaseApp, type PurchaseSuite } from './purchase-suite';
import { SOL } from './purchases';

/**
 * For the account-safety tests (tests/api/trust/safety*.test.ts): the app on a local chain, plus what a seller needs
 * to booby-trap an address with real transactions there.
 */
export interface SafetySuite extends PurchaseSuite {
  /** The tests' own client, typed as the local-chain helpers expect. */
  readonly rpc: TestRpc;
  /** Pays for the traps (token accounts, mints, transfers). */
  readonly payer: KeyPairSigner;
  /** A token mint of the payer's, for token-account traps. */
  readonly mint: TestMint;
}

export function useSafetySuite(): SafetySuite {
  const ctx = usePurchaseApp();
  let rpc: TestRpc | undefined;
  let payer: KeyPairSigner | undefined;
  let mint: TestMint | undefined;
  beforeAll(async () => {
    rpc = createSolanaRpc(devnet(ctx.chain.url));
    payer = await fundedSigner(rpc, 10n * SOL);
    mint = await createTestMint(rpc, payer);
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('set in beforeAll: read it inside a test or a hook');
    return value;
  };
  return {
    get chain() {
      return ctx.chain;
    },
    get t() {
      return ctx.t;
    },
    get admin() {
      return ctx.admin;
    },
    anotherInstance: () => ctx.anotherInstance(),
    get rpc() {
      return ready(rpc);
    },
    get payer() {
      return ready(payer);
    },
    get mint() {
      return ready(mint);
    },
  };
}

/** The signer of an address whose key the test holds, as the seller who holds it would sign. */
export const signerOf = (k: TestKeypair) => createKeyPairSignerFromBytes(k.secretKey);

export const checkNamed = (report: SafetyReport, name: string) => report.checks.find((c) => c.name === name)!;

/** The listing as its owner sees it in their own list (with the reason it was unlisted, if it was). */
export async function ownerView(t: TestApp, seller: { cookie: string }, id: string): Promise<OwnListing | undefined> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/addresses/user?pageSize=100',
    headers: { cookie: seller.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().addresses as OwnListing[]).find((l) => l.id === id);
}
