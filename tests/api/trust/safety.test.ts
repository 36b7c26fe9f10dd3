import { getAssignInstruction, getTransferSolInstruction } from '@solana-program/system';
import { address, lamports } from '@solana/kit';
import { describe, expect, it, vi } from 'vitest';
import { fundedSigner } from '@tests/helpers/local-chain';
import { createTestTokenAccount, sendInstructions } from '@tests/helpers/local-chain-tokens';
import type { SafetyReport } from '@shared/api/trust';
import { createAdmin, createListing, listingTableCounts } from '@tests/helpers/factories';
import { newKeypair } from '@tests/helpers/keypair';
import { SOL } from '@tests/helpers/purchases';
import { checkNamed, signerOf, useSafetySuite } from '@tests/helpers/safety-suite';

const ctx = useSafetySuite();

async function safety(id: string, recheck = true): Promise<SafetyReport> {
  const res = await ctx.t.app.inject({
    method: 'GET',
    url: `/api/addresses/${id}/safety${recheck ? '?recheck=true' : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Polls (the chain confirms within a few slots) until the named check has `status`. */
async function until(id: string, name: string, status: string): Promise<SafetyReport> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const report = await safety(id);
    if (report.checks.find((c) => c.name === name)?.status === status || Date.now() > deadline) return report;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('account-safety checks on the local validator', () => {
  it('passes a clean, never-used address, with the slot and time it was read', async () => {
    const { listing } = await createListing(ctx.t);
    const report = await safety(listing.id);
    expect(report.status).toBe('pass');
    expect(report.checks.map((c) => [c.name, c.status])).toEqual([
      ['system-owned', 'pass'],
      ['no-token-accounts', 'pass'],
      ['never-used', 'pass'],
      ['not-look-alike', 'pass'],
    ]);
    expect(Number(report.slot)).toBeGreaterThan(0);
    expect(Date.now() - Date.parse(report.checkedAt)).toBeLessThan(10_000);
    // Cached: without recheck the same answer comes back.
    expect((await safety(listing.id, false)).checkedAt).toBe(report.checkedAt);
  });

  it('fails an address assigned to another program', async () => {
    const keypair = newKeypair();
    const { listing } = await createListing(ctx.t, { keypair });
    await ctx.chain.validator.airdrop(keypair.address, SOL);
    const owner = await signerOf(keypair);
    const program = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
    await sendInstructions(ctx.rpc, ctx.payer, [
      getAssignInstruction({ account: owner, programAddress: program as never }),
    ]);
    const report = await until(listing.id, 'system-owned', 'fail');
    expect(checkNamed(report, 'system-owned')).toEqual({
      name: 'system-owned',
      status: 'fail',
      detail: `The account is owned by program ${program}, not the System Program`,
    });
    expect(report.status).toBe('fail');
  });

  it('fails a token account with a delegate, and one with a close authority', async () => {
    const delegated = newKeypair();
    const closable = newKeypair();
    const a = await createListing(ctx.t, { keypair: delegated });
    const b = await createListing(ctx.t, { keypair: closable });
    const thief = (await fundedSigner(ctx.rpc, SOL)).address;
    const tokenA = await createTestTokenAccount(ctx.rpc, ctx.payer, ctx.mint, {
      owner: await signerOf(delegated),
      amount: 5n,
      delegate: thief,
    });
    const tokenB = await createTestTokenAccount(ctx.rpc, ctx.payer, ctx.mint, {
      owner: await signerOf(closable),
      closeAuthority: thief,
    });

    const ra = await until(a.listing.id, 'no-token-accounts', 'fail');
    expect(checkNamed(ra, 'no-token-accounts').detail).toBe(`Token account ${tokenA} has delegate ${thief}`);
    const rb = await until(b.listing.id, 'no-token-accounts', 'fail');
    expect(checkNamed(rb, 'no-token-accounts').detail).toBe(`Token account ${tokenB} has close authority ${thief}`);
  });

  it('notes a plain token account as harmless info, and warns for an address that signed transactions', async () => {
    const plain = newKeypair();
    const { listing } = await createListing(ctx.t, { keypair: plain });
    const owner = await signerOf(plain);
    const token = await createTestTokenAccount(ctx.rpc, ctx.payer, ctx.mint, { owner });
    const noted = await until(listing.id, 'no-token-accounts', 'info');
    expect(checkNamed(noted, 'no-token-accounts').detail).toContain(`1 token account opened for it`);
    expect(checkNamed(noted, 'no-token-accounts').detail).toContain(token);

    const used = newKeypair();
    const u = await createListing(ctx.t, { keypair: used });
    await ctx.chain.validator.airdrop(used.address, SOL);
    const spender = await signerOf(used);
    await sendInstructions(ctx.rpc, spender, [
      getTransferSolInstruction({ source: spender, destination: ctx.payer.address, amount: lamports(1000n) }),
    ]);
    const report = await until(u.listing.id, 'never-used', 'warn');
    expect(checkNamed(report, 'never-used').detail).toMatch(
      /^Used before: 1 transaction signed by this address, the last \d{4}-\d\d-\d\dT/,
    );
    expect(report.status).toBe('warn');
  });

  it('refuses to list an assigned address or a trapped token owner, and stores nothing', async () => {
    const admin = await createAdmin(ctx.t);
    const assigned = newKeypair();
    await ctx.chain.validator.airdrop(assigned.address, SOL);
    const program = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
    await sendInstructions(ctx.rpc, ctx.payer, [
      getAssignInstruction({ account: await signerOf(assigned), programAddress: program as never }),
    ]);
    const trapped = newKeypair();
    const thief = (await fundedSigner(ctx.rpc, SOL)).address;
    await createTestTokenAccount(ctx.rpc, ctx.payer, ctx.mint, {
      owner: await signerOf(trapped),
      delegate: thief,
      amount: 1n,
    });
    // The listing checks read at `confirmed`: wait until both changes are visible there.
    await vi.waitFor(
      async () => {
        const account = await ctx.rpc
          .getAccountInfo(address(assigned.address), { commitment: 'confirmed', encoding: 'base64' })
          .send();
        expect(account.value?.owner).toBe(program);
        const tokens = await ctx.rpc
          .getTokenAccountsByOwner(
            address(trapped.address),
            { programId: ctx.mint.programId },
            { commitment: 'confirmed', encoding: 'base64' },
          )
          .send();
        expect(tokens.value).toHaveLength(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    const before = await listingTableCounts(ctx.t);
    for (const [keypair, reason] of [
      [assigned, `system-owned: The account is owned by program ${program}, not the System Program`],
      [trapped, `no-token-accounts: Token account`],
    ] as const) {
      const res = await ctx.t.app.inject({
        method: 'POST',
        url: '/api/addresses',
        headers: { cookie: admin.cookie },
        payload: { address: keypair.address, price: '1', privateKey: keypair.forms.base58Secret },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe('UNSAFE_ACCOUNT');
      expect(res.json().message).toContain(reason);
    }
    expect(await listingTableCounts(ctx.t)).toEqual(before);
  });

  it('answers 404 for an unknown listing', async () => {
    const res = await ctx.t.app.inject({
      method: 'GET',
      url: '/api/addresses/00000000-0000-4000-8000-000000000000/safety',
    });
    expect(res.statusCode).toBe(404);
  });
});
