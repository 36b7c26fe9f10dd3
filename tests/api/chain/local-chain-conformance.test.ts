import { getTransferSolInstruction } from '@solana-program/system';
import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  sendAndConfirmTransaction,
  SystemProgram,
  Transaction,
} from '@solana/web3.js';
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  devnet,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type KeyPairSigner,
} from '@solana/kit';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestMint, createTestTokenAccount, TOKEN_PROGRAM_ADDRESS } from '@tests/helpers/local-chain-tokens';
import { buildPaymentTransaction } from '@chain/payment/build-payment-transaction';
import { serveStandardPorts, sharedAirdropBudget } from '@server/modules/chain/standard-ports';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { freePortPair } from '@tests/helpers/server-process';

/*
 * Clients nobody here wrote (@solana/web3.js 1.x, whose superstruct checks reject a
 * malformed answer, and @solana/kit) against the embedded validator, on the app's /rpc and on the standard ports.
 */

const silentLog = { info: () => {}, warn: () => {} } as never;
let t: TestApp;
let closePorts: () => Promise<void>;
const endpoints: { name: string; http: string; ws: string; deriveWs: boolean }[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  endpoints.push({
    name: '/rpc',
    http: `http://127.0.0.1:${port}/rpc`,
    ws: `ws://127.0.0.1:${port}/rpc`,
    deriveWs: false,
  });
  const rpcPort = await freePortPair();
  closePorts = await serveStandardPorts(t.chain.validator!, rpcPort, silentLog, {
    publicOrigin: t.app.env.publicOrigin,
    admitAirdrop: sharedAirdropBudget(t.app.database.db),
  });
  endpoints.push({
    name: 'standard ports',
    http: `http://127.0.0.1:${rpcPort}`,
    ws: `ws://127.0.0.1:${rpcPort + 1}`,
    deriveWs: true,
  });
});
afterAll(async () => {
  await closePorts?.();
  await t?.close();
});

describe.each(['/rpc', 'standard ports'])('real clients against %s', (name) => {
  let endpoint: (typeof endpoints)[number];
  let connection: Connection;
  let payer: Keypair;
  let kitPayer: KeyPairSigner;

  beforeAll(async () => {
    endpoint = endpoints.find((e) => e.name === name)!;
    // On the standard ports web3.js finds PubSub by itself (port + 1, solana-test-validator's convention).
    connection = new Connection(endpoint.http, {
      commitment: 'confirmed',
      ...(endpoint.deriveWs ? {} : { wsEndpoint: endpoint.ws }),
    });
    payer = Keypair.generate();
    const airdrop = await connection.requestAirdrop(payer.publicKey, 10 * LAMPORTS_PER_SOL);
    const latest = await connection.getLatestBlockhash();
    await connection.confirmTransaction({ signature: airdrop, ...latest });
    kitPayer = await generateKeyPairSigner();
    const kitAirdrop = await connection.requestAirdrop(new PublicKey(kitPayer.address), 10 * LAMPORTS_PER_SOL);
    await connection.confirmTransaction({ signature: kitAirdrop, ...(await connection.getLatestBlockhash()) });
  });
  afterAll(async () => {
    // web3.js keeps its socket open until told otherwise.
    await (connection as unknown as { _rpcWebSocket: { close(): void } })._rpcWebSocket.close();
    // web3.js's confirmation strategies may still have a status poll in flight; let it finish first.
    await new Promise((resolve) => setTimeout(resolve, 500));
  });

  it('web3.js sendAndConfirmTransaction lands a transfer in under 5 s', async () => {
    const to = Keypair.generate().publicKey;
    const started = Date.now();
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1_000_000 }),
    );
    const signature = await sendAndConfirmTransaction(connection, tx, [payer]);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await connection.getBalance(to)).toBe(1_000_000);
    const status = await connection.getSignatureStatus(signature);
    expect(status.value?.err).toBeNull();
  });

  it('web3.js confirmTransaction (blockhash strategy) confirms in under 5 s', async () => {
    const to = Keypair.generate().publicKey;
    const latest = await connection.getLatestBlockhash();
    const tx = new Transaction({ feePayer: payer.publicKey, ...latest }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 2_000_000 }),
    );
    tx.sign(payer);
    const started = Date.now();
    const signature = await connection.sendRawTransaction(tx.serialize());
    const result = await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.value.err).toBeNull();
  });

  it('kit sendAndConfirmTransactionFactory and rpcSubscriptions slotNotifications work', async () => {
    const rpc = createSolanaRpc(devnet(endpoint.http));
    const rpcSubscriptions = createSolanaRpcSubscriptions(devnet(endpoint.ws));
    const abort = new AbortController();
    try {
      const slots = await rpcSubscriptions.slotNotifications().subscribe({ abortSignal: abort.signal });
      const seen: bigint[] = [];
      for await (const notification of slots) {
        seen.push(notification.slot);
        if (seen.length === 2) break;
      }
      expect(seen[1]!).toBeGreaterThan(seen[0]!);

      const recipient = await generateKeyPairSigner();
      const { value: lifetime } = await rpc.getLatestBlockhash().send();
      const signed = await signTransactionMessageWithSigners(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayerSigner(kitPayer, m),
          (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
          (m) =>
            appendTransactionMessageInstructions(
              [getTransferSolInstruction({ source: kitPayer, destination: recipient.address, amount: 3_000_000n })],
              m,
            ),
        ),
      );
      await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(signed as never, { commitment: 'confirmed' });
      const status = await rpc.getSignatureStatuses([getSignatureFromTransaction(signed)]).send();
      expect(status.value[0]?.confirmationStatus).toMatch(/confirmed|finalized/);
    } finally {
      abort.abort();
    }
  });

  it('getParsedTransaction parses a payment built the way the web app builds it', async () => {
    const rpc = createSolanaRpc(devnet(endpoint.http));
    // A purchase's escrow is a fresh account, also its reference: the payment is one plain transfer to it.
    const escrow = await generateKeyPairSigner();
    const { value: lifetime } = await rpc.getLatestBlockhash().send();
    const message = buildPaymentTransaction({
      payment: { recipient: escrow.address, lamports: 123_456_789n, reference: escrow.address },
      buyer: kitPayer,
      lifetime,
    });
    const signed = await signTransactionMessageWithSigners(message);
    const signature = getSignatureFromTransaction(signed);
    const { getBase64EncodedWireTransaction } = await import('@solana/kit');
    await connection.sendRawTransaction(Buffer.from(getBase64EncodedWireTransaction(signed), 'base64'));
    await connection.confirmTransaction({
      signature,
      ...lifetime,
      lastValidBlockHeight: Number(lifetime.lastValidBlockHeight),
    });

    const parsed = await connection.getParsedTransaction(signature, {
      maxSupportedTransactionVersion: 0,
      commitment: 'confirmed',
    });
    expect(parsed?.meta?.err).toBeNull();
    const instructions = parsed!.transaction.message.instructions;
    expect(instructions).toHaveLength(1);
    expect(instructions[0]).toMatchObject({
      program: 'system',
      parsed: {
        type: 'transfer',
        info: { source: kitPayer.address, destination: escrow.address, lamports: 123_456_789 },
      },
    });
    const keys = parsed!.transaction.message.accountKeys;
    expect(keys[0]).toMatchObject({ signer: true, writable: true });
    expect(keys.find((k) => k.pubkey.toBase58() === escrow.address)).toMatchObject({ signer: false, writable: true });
    // The escrow holds exactly the payment: what settlement reads as the receipt.
    const escrowIndex = keys.findIndex((k) => k.pubkey.toBase58() === escrow.address);
    expect(parsed!.meta!.postBalances[escrowIndex]! - parsed!.meta!.preBalances[escrowIndex]!).toBe(123_456_789);
  });

  it('token reads: getParsedTokenAccountsByOwner, balances, supply, delegate, and inner instructions', async () => {
    const rpc = createSolanaRpc(devnet(endpoint.http));
    const owner = await generateKeyPairSigner();
    const delegate = await generateKeyPairSigner();
    const mint = await createTestMint(rpc, kitPayer, { decimals: 3 });
    const account = await createTestTokenAccount(rpc, kitPayer, mint, {
      owner,
      amount: 4_500n,
      delegate: delegate.address,
    });
    const ownerKey = new PublicKey(owner.address);

    const parsed = await connection.getParsedTokenAccountsByOwner(ownerKey, {
      programId: new PublicKey(TOKEN_PROGRAM_ADDRESS),
    });
    expect(parsed.value.map((a) => a.pubkey.toBase58())).toEqual([account]);
    expect(parsed.value[0]!.account.data.parsed.info.tokenAmount.uiAmountString).toBe('4.5');
    const raw = await connection.getTokenAccountsByOwner(ownerKey, { mint: new PublicKey(mint.address) });
    expect(raw.value[0]!.account.data).toHaveLength(165);
    expect((await connection.getTokenAccountBalance(new PublicKey(account))).value).toEqual({
      amount: '4500',
      decimals: 3,
      uiAmount: 4.5,
      uiAmountString: '4.5',
    });
    expect((await connection.getTokenSupply(new PublicKey(mint.address))).value.amount).toBe('4500');
    // web3.js 1.x has no getTokenAccountsByDelegate; kit has.
    const byDelegate = await rpc
      .getTokenAccountsByDelegate(delegate.address, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' })
      .send();
    expect(byDelegate.value.map((a) => a.pubkey)).toEqual([account]);
    const multiple = await connection.getMultipleParsedAccounts([new PublicKey(account), new PublicKey(mint.address)]);
    expect(multiple.value.map((a) => (a?.data as { parsed: { type: string } }).parsed.type)).toEqual([
      'account',
      'mint',
    ]);
  });

  it('inner instructions: a CPI (the associated-token program creating an account) shows in the metadata', async () => {
    const rpc = createSolanaRpc(devnet(endpoint.http));
    const { findAssociatedTokenPda, getCreateAssociatedTokenInstruction } = await import('@solana-program/token');
    const mint = await createTestMint(rpc, kitPayer, { decimals: 0 });
    const owner = await generateKeyPairSigner();
    const [ata] = await findAssociatedTokenPda({
      mint: mint.address,
      owner: owner.address,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const { sendInstructions } = await import('@tests/helpers/local-chain-tokens');
    const signature = await sendInstructions(rpc, kitPayer, [
      getCreateAssociatedTokenInstruction({ payer: kitPayer, ata, owner: owner.address, mint: mint.address }),
    ]);
    await connection.confirmTransaction({ signature, ...(await connection.getLatestBlockhash()) });
    const parsed = await connection.getParsedTransaction(signature, {
      maxSupportedTransactionVersion: 0,
      commitment: 'confirmed',
    });
    const inner = parsed!.meta!.innerInstructions!;
    expect(inner).toHaveLength(1);
    expect(inner[0]!.index).toBe(0);
    const programs = inner[0]!.instructions.map((ix) => ('program' in ix ? ix.program : ix.programId.toBase58()));
    expect(programs).toEqual(expect.arrayContaining(['system', 'spl-token']));
    const plain = await connection.getTransaction(signature, {
      maxSupportedTransactionVersion: 0,
      commitment: 'confirmed',
    });
    expect(plain!.meta!.innerInstructions![0]!.instructions.length).toBe(inner[0]!.instructions.length);
  });

  it('answers every block, epoch and node method in shapes web3.js accepts', async () => {
    const to = Keypair.generate().publicKey;
    const signature = await sendAndConfirmTransaction(
      connection,
      new Transaction().add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1_000_000 })),
      [payer],
    );
    const { slot } = (await connection.getSignatureStatus(signature)).value!;
    const block = await connection.getBlock(slot, { maxSupportedTransactionVersion: 0 });
    expect(block!.transactions.map((tx) => tx.transaction.signatures[0])).toContain(signature);
    expect(block!.parentSlot).toBe(Math.max(0, slot - 1));
    expect(await connection.getBlockSignatures(slot)).toMatchObject({
      signatures: expect.arrayContaining([signature]),
    });
    const accountsMode = await connection.getBlock(slot, {
      maxSupportedTransactionVersion: 0,
      transactionDetails: 'accounts',
    });
    expect(
      (accountsMode!.transactions[0]!.transaction as unknown as { accountKeys: unknown[] }).accountKeys[0],
    ).toMatchObject({ signer: true, writable: true });
    const parsedBlock = await connection.getParsedBlock(slot, { maxSupportedTransactionVersion: 0 });
    expect(parsedBlock.transactions.length).toBeGreaterThan(0);
    expect(await connection.getBlockTime(slot)).toBeGreaterThan(1_700_000_000);
    // Slots follow the clock, so a fast run can confirm the transfer within the first three slots.
    const first = Math.max(0, slot - 3);
    const blocks = await connection.getBlocks(first, slot);
    expect(blocks).toEqual(Array.from({ length: slot - first + 1 }, (_, i) => first + i));
    const schedule = await connection.getEpochSchedule();
    expect(schedule.slotsPerEpoch).toBeGreaterThan(0);
    expect(await connection.getFirstAvailableBlock()).toBe(0);
    const nodes = await connection.getClusterNodes();
    // The node's addresses are the standard ports (the only ones a host:port can name), whichever door is asked.
    const standard = new URL(endpoints.find((e) => e.name === 'standard ports')!.http);
    expect(nodes).toEqual([
      expect.objectContaining({
        rpc: standard.host,
        pubsub: `${standard.hostname}:${Number(standard.port) + 1}`,
      }),
    ]);
    const largest = await connection.getLargestAccounts();
    expect(Array.isArray(largest.value)).toBe(true);
    expect(await connection.getInflationReward([payer.publicKey])).toEqual([null]);
    const history = await connection.getSignaturesForAddress(to);
    expect(history.map((h) => h.signature)).toEqual([signature]);
    await expect(connection.getBlock(slot + 100_000)).rejects.toThrow(/Block not available/);
    // An unknown method is still JSON-RPC's -32601.
    const res = await fetch(endpoint.http, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getNothing' }),
    });
    expect(await res.json()).toMatchObject({ error: { code: -32601 } });
  });

  it('web3.js subscriptions: onSignature, onAccountChange, onProgramAccountChange, onLogs, onSlotChange, onRootChange', async () => {
    const to = Keypair.generate().publicKey;
    const events: string[] = [];
    const account = new Promise<number>((resolve) => {
      const id = connection.onAccountChange(to, (info) => {
        void connection.removeAccountChangeListener(id);
        resolve(info.lamports);
      });
    });
    // The System Program's data-less accounts: the payer and `to` both change; web3.js checks each notification.
    const program = new Promise<number>((resolve) => {
      const id = connection.onProgramAccountChange(
        SystemProgram.programId,
        (keyed) => {
          if (!keyed.accountId.equals(to)) return;
          void connection.removeProgramAccountChangeListener(id);
          resolve(keyed.accountInfo.lamports);
        },
        'confirmed',
        [{ dataSize: 0 }],
      );
    });
    const logs = new Promise<string>((resolve) => {
      const id = connection.onLogs(to, (entry) => {
        void connection.removeOnLogsListener(id);
        resolve(entry.signature);
      });
    });
    const slot = new Promise<void>((resolve) => {
      const id = connection.onSlotChange(() => {
        void connection.removeSlotChangeListener(id);
        events.push('slot');
        resolve();
      });
    });
    const root = new Promise<void>((resolve) => {
      const id = connection.onRootChange(() => {
        void connection.removeRootChangeListener(id);
        events.push('root');
        resolve();
      });
    });
    await Promise.all([slot, root]);
    // Give web3.js's subscribe calls time to be answered before the transfer lands.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const tx = new Transaction().add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports: 1_500_000 }),
    );
    const signature = await sendAndConfirmTransaction(connection, tx, [payer]);
    expect(await account).toBe(1_500_000);
    expect(await program).toBe(1_500_000);
    expect(await logs).toBe(signature);
    expect(events.sort()).toEqual(['root', 'slot']);
  });
});
