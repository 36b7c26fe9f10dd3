import type { Signature } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { runVerifierOnce } from '@server/jobs';
import { loadEnv } from '@server/config/env';
import { reveal, statusOf } from '@tests/helpers/purchases';
import { usePurchaseApp } from '@tests/helpers/purchase-suite';
import { paidPurchase } from '@tests/helpers/purchase-flows';

/** `verified` at confirmed, the key unlocks at REVEAL_COMMITMENT (docs/domain.md#payment-finality). */
const ctx = usePurchaseApp({ admin: true, env: { REVEAL_COMMITMENT: 'finalized' } });

describe('REVEAL_COMMITMENT', () => {
  it('defaults to finalized on mainnet-beta and confirmed elsewhere', () => {
    const key = 'A'.repeat(43) + '=';
    // Both keys are required outside local mode (the attestation key signs receipts, docs/domain.md#receipts).
    const keys = { VAULT_MASTER_KEY: key, ATTESTATION_KEY: JSON.stringify(Array.from({ length: 32 }, (_, i) => i)) };
    expect(loadEnv({ SOLANA_CLUSTER: 'mainnet-beta', ...keys }).revealCommitment).toBe('finalized');
    expect(loadEnv({ SOLANA_CLUSTER: 'devnet', ...keys }).revealCommitment).toBe('confirmed');
    expect(loadEnv({ SOLANA_CLUSTER: 'local' }).revealCommitment).toBe('confirmed');
  });

  it('at finalized, a verified (confirmed) purchase keeps its key until the payment is finalized', async () => {
    const { keypair, buyer, started, txHash } = await paidPurchase(ctx, { seller: ctx.admin, price: '0.3' });
    // Confirmed but not yet finalized: the local chain finalizes within a few slots, so hold the row at that step.
    await ctx.t.database.query(`update transactions set status = 'verified' where id = $1`, [started.transactionId]);

    const early = await reveal(ctx.t, buyer, started.transactionId);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      error: 'PAYMENT_NOT_FINALIZED',
      message: expect.stringMatching(/^Finalizing…/),
    });

    // The chain finalizes two 50 ms slots after landing; on a loaded machine the steps above can take less, so wait
    // for the chain to say so before the background job looks.
    await expect
      .poll(async () => {
        const { value } = await ctx.chain.rpc.getSignatureStatuses([txHash as Signature]).send();
        return value[0]?.confirmationStatus;
      })
      .toBe('finalized');
    await runVerifierOnce(ctx.t.deps(60_000)); // the background job sees the payment finalized
    expect((await statusOf(ctx.t, started.transactionId))?.status).toBe('completed');
    const revealed = await reveal(ctx.t, buyer, started.transactionId);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json().privateKey).toBe(keypair.forms.base58Secret);
  });
});
