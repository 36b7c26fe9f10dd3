import { getAddMemoInstruction, LEGACY_MEMO_PROGRAM_ADDRESS_V3 } from '@solana-program/memo';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  AccountRole,
  appendTransactionMessageInstructions,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  isSolanaError,
  lamports,
  pipe,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageComputeUnitPrice,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED,
  type Address,
  type KeyPairSigner,
  type TransactionMessageBytesBase64,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fundedSigner,
  latestLifetime,
  sendSigned,
  signMessage,
  solTransferMessage,
  startLocalChain,
  waitUntil,
  type LocalChain,
} from '@tests/helpers/local-chain';
import { paymentMessage, sendTransfer, signedTransfer, toFreshEscrow } from '@tests/helpers/local-chain-payments';
import { LAMPORTS_PER_SOL } from '@shared/money';

const SOL = LAMPORTS_PER_SOL;
let chain: LocalChain;

beforeAll(async () => {
  chain = await startLocalChain({ slotMs: 100 });
});
afterAll(() => chain.stop());

async function balance(address: Address): Promise<bigint> {
  return (await chain.rpc.getBalance(address).send()).value;
}

async function transferMessage(from: KeyPairSigner, to: Address, amount: bigint, version: 0 | 'legacy' = 0) {
  return solTransferMessage(from, to, amount, await latestLifetime(chain.rpc), version);
}

describe('local validator over HTTP JSON-RPC (kit createSolanaRpc)', () => {
  it('lands a signed purchase transaction with an exact fee, balances, slot and block time', async () => {
    const buyer = await fundedSigner(chain.rpc, 5n * SOL);
    const payment = await toFreshEscrow(1_234_567_891n);
    const escrow = payment.recipient;
    const message = await paymentMessage(chain.rpc, buyer, payment);
    const quotedFee = (
      await chain.rpc
        .getFeeForMessage(
          getBase64Decoder().decode(compileTransaction(message).messageBytes) as TransactionMessageBytesBase64,
        )
        .send()
    ).value;
    const before = Date.now();
    const tx = await signMessage(message);
    const signature = await sendSigned(chain.rpc, tx);

    const fetched = await chain.rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
      .send();
    expect(fetched).not.toBeNull();
    const meta = fetched!.meta!;
    expect(meta.err).toBeNull();
    expect(meta.fee).toBe(5_000n);
    expect(quotedFee).toBe(meta.fee);
    const keys = fetched!.transaction.message.accountKeys;
    const at = (a: Address) => keys.indexOf(a);
    expect(meta.preBalances[at(buyer.address)]).toBe(5n * SOL);
    expect(meta.postBalances[at(buyer.address)]).toBe(5n * SOL - 1_234_567_891n - 5_000n);
    expect(meta.preBalances[at(escrow)]).toBe(0n);
    expect(meta.postBalances[at(escrow)]).toBe(1_234_567_891n);
    expect(await balance(buyer.address)).toBe(5n * SOL - 1_234_567_891n - 5_000n);
    expect(await balance(escrow)).toBe(1_234_567_891n);
    expect(fetched!.version).toBe(0);
    expect(fetched!.slot).toBeLessThanOrEqual(await chain.rpc.getSlot().send());
    expect(Number(fetched!.blockTime)).toBeGreaterThanOrEqual(Math.floor(before / 1000));
    expect(Number(fetched!.blockTime)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000));

    // base64 encoding gives back the exact bytes that were sent
    const raw = await chain.rpc
      .getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
      .send();
    expect(raw!.transaction[0]).toBe(getBase64EncodedWireTransaction(tx));

    // found by its escrow, and it has no memo
    const byEscrow = await chain.rpc.getSignaturesForAddress(escrow, { commitment: 'confirmed' }).send();
    expect(byEscrow.map((s) => s.signature)).toEqual([signature]);
    expect(byEscrow[0]!.memo).toBeNull();
  });

  it('lands a wallet’s memo and read-only reference account: found by the reference, memo in "[len] text" form', async () => {
    // Built by hand as a Solana Pay wallet would: the app's own payment carries neither, but any wallet may.
    const payer = await fundedSigner(chain.rpc, SOL);
    const recipient = await generateKeyPairSigner();
    const reference = await generateKeyPairSigner();
    const transfer = getTransferSolInstruction({ source: payer, destination: recipient.address, amount: SOL / 10n });
    const lifetime = await latestLifetime(chain.rpc);
    const tx = await signMessage(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
        (m) =>
          appendTransactionMessageInstructions(
            [
              getAddMemoInstruction({ memo: 'vv:test-1' }, { programAddress: LEGACY_MEMO_PROGRAM_ADDRESS_V3 }),
              {
                ...transfer,
                accounts: [...transfer.accounts, { address: reference.address, role: AccountRole.READONLY }],
              },
            ],
            m,
          ),
      ),
    );
    const signature = await sendSigned(chain.rpc, tx);

    const fetched = await chain.rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
      .send();
    expect(fetched!.meta!.err).toBeNull();
    expect(fetched!.meta!.fee).toBe(5_000n);
    expect(fetched!.meta!.logMessages?.some((line) => line.includes('vv:test-1'))).toBe(true);
    expect(fetched!.transaction.message.accountKeys).toContain(reference.address);
    expect(await balance(recipient.address)).toBe(SOL / 10n);
    expect(await balance(reference.address)).toBe(0n);

    const byReference = await chain.rpc.getSignaturesForAddress(reference.address, { commitment: 'confirmed' }).send();
    expect(byReference.map((s) => s.signature)).toEqual([signature]);
    expect(byReference[0]!.memo).toBe('[9] vv:test-1');
  });

  it('reports confirmed at once and finalized a few slots later; finalized reads wait for it', async () => {
    // Slow slots here, so "not yet finalized" is still true when the test looks.
    const slow = await startLocalChain({ slotMs: 500, finalitySlots: 2 });
    try {
      const payer = await fundedSigner(slow.rpc, SOL);
      const destination = slow.validator.genesisHash as Address;
      const signature = await sendTransfer(slow.rpc, payer, destination, SOL / 10n);
      const first = (await slow.rpc.getSignatureStatuses([signature]).send()).value[0];
      expect(first?.confirmationStatus).toBe('confirmed');
      expect(
        await slow.rpc
          .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'finalized' })
          .send(),
      ).toBeNull();
      await waitUntil(
        async () =>
          (await slow.rpc.getSignatureStatuses([signature]).send()).value[0]?.confirmationStatus === 'finalized',
      );
      const finalized = (await slow.rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }).send())
        .value[0];
      expect(finalized?.confirmations).toBeNull();
      expect(
        await slow.rpc
          .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'finalized' })
          .send(),
      ).not.toBeNull();
    } finally {
      await slow.stop();
    }
  });

  it('refuses a replayed transaction and leaves balances alone', async () => {
    const payer = await fundedSigner(chain.rpc, SOL);
    const tx = await signedTransfer(chain.rpc, payer, (await generateKeyPairSigner()).address, SOL / 4n);
    await sendSigned(chain.rpc, tx);
    const after = await balance(payer.address);
    const isReplayRefusal = (e: unknown) =>
      isSolanaError(e, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE) &&
      isSolanaError(e.cause, SOLANA_ERROR__TRANSACTION_ERROR__ALREADY_PROCESSED);
    await expect(sendSigned(chain.rpc, tx)).rejects.toSatisfy(isReplayRefusal);
    await expect(sendSigned(chain.rpc, tx, true)).rejects.toSatisfy(isReplayRefusal);
    expect(await balance(payer.address)).toBe(after);
  });

  it('maps preflight failures to JSON-RPC errors, and lands a failing transaction (fee charged) under skipPreflight', async () => {
    const payer = await fundedSigner(chain.rpc, SOL);
    const tooMuch = await signedTransfer(chain.rpc, payer, (await generateKeyPairSigner()).address, 2n * SOL);
    await expect(sendSigned(chain.rpc, tooMuch)).rejects.toSatisfy((e) => {
      if (!isSolanaError(e, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)) return false;
      return e.context.logs?.some((l) => l.includes('insufficient lamports')) === true;
    });
    expect(await balance(payer.address)).toBe(SOL);

    const signature = await sendSigned(chain.rpc, tooMuch, true);
    const status = (await chain.rpc.getSignatureStatuses([signature]).send()).value[0];
    expect(status?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    const fetched = await chain.rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
      .send();
    expect(fetched!.meta!.fee).toBe(5_000n);
    expect(await balance(payer.address)).toBe(SOL - 5_000n);
  });

  it('accepts base58 sendTransaction and legacy transactions; v0 needs maxSupportedTransactionVersion', async () => {
    const payer = await fundedSigner(chain.rpc, SOL);
    const recipient = (await generateKeyPairSigner()).address;
    const tx = await signedTransfer(chain.rpc, payer, recipient, SOL / 2n, 'legacy');
    const base58 = getBase58Decoder().decode(getTransactionEncoder().encode(tx));
    const response = await fetch(chain.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [base58] }),
    });
    const { result: signature } = (await response.json()) as { result: string };
    expect(await balance(recipient)).toBe(SOL / 2n);
    const legacy = await chain.rpc
      .getTransaction(signature as never, { encoding: 'json', commitment: 'confirmed' })
      .send();
    expect(legacy!.meta!.postBalances[1]).toBe(SOL / 2n);

    const v0 = await sendSigned(chain.rpc, await signedTransfer(chain.rpc, payer, recipient, SOL / 10n));
    await expect(chain.rpc.getTransaction(v0, { encoding: 'json', commitment: 'confirmed' }).send()).rejects.toThrow();
  });

  it('charges and quotes the priority fee exactly, and reports it in getRecentPrioritizationFees', async () => {
    const payer = await fundedSigner(chain.rpc, SOL);
    const recipient = (await generateKeyPairSigner()).address;
    const message = pipe(
      await transferMessage(payer, recipient, SOL / 10n),
      (m) => setTransactionMessageComputeUnitLimit(10_000, m),
      (m) => setTransactionMessageComputeUnitPrice(1_500_000n, m),
    );
    const quoted = (
      await chain.rpc
        .getFeeForMessage(
          getBase64Decoder().decode(compileTransaction(message).messageBytes) as TransactionMessageBytesBase64,
        )
        .send()
    ).value;
    const signature = await sendSigned(chain.rpc, await signMessage(message));
    const fetched = await chain.rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
      .send();
    expect(fetched!.meta!.fee).toBe(5_000n + 15_000n);
    expect(quoted).toBe(fetched!.meta!.fee);
    const fees = await chain.rpc.getRecentPrioritizationFees([recipient]).send();
    expect(fees).toEqual([{ slot: fetched!.slot, prioritizationFee: 1_500_000n }]);
  });

  it('advances slots and blockhashes with time and answers the node-info methods', async () => {
    const first = await chain.rpc.getLatestBlockhash().send();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const second = await chain.rpc.getLatestBlockhash().send();
    expect(second.context.slot).toBeGreaterThan(first.context.slot);
    expect(second.value.blockhash).not.toBe(first.value.blockhash);
    expect((await chain.rpc.isBlockhashValid(first.value.blockhash).send()).value).toBe(true);
    expect((await chain.rpc.isBlockhashValid((await generateKeyPairSigner()).address as never).send()).value).toBe(
      false,
    );
    expect(await chain.rpc.getBlockHeight().send()).toBeGreaterThanOrEqual(second.context.slot);
    expect(await chain.rpc.getHealth().send()).toBe('ok');
    expect((await chain.rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+/);
    expect(await chain.rpc.getGenesisHash().send()).toBe(chain.validator.genesisHash);
    expect(await chain.rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n);
    const funded = await fundedSigner(chain.rpc, 3n * SOL);
    const info = (await chain.rpc.getAccountInfo(funded.address, { encoding: 'base64' }).send()).value;
    expect(info).toMatchObject({ lamports: 3n * SOL, owner: '11111111111111111111111111111111', executable: false });
    expect((await chain.rpc.getAccountInfo((await generateKeyPairSigner()).address).send()).value).toBeNull();
  });

  it('answers malformed input with JSON-RPC errors and serves batches', async () => {
    const post = async (body: string) =>
      (await fetch(chain.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).json();
    // Only JSON is taken: a text/plain POST is what a cross-site form can send without a preflight.
    const plain = await fetch(chain.url, { method: 'POST', body: '{"jsonrpc":"2.0","id":1,"method":"getHealth"}' });
    expect(plain.status).toBe(415);
    expect(await post('{not json')).toMatchObject({ error: { code: -32700 } });
    expect(await post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'noSuchMethod' }))).toMatchObject({
      id: 1,
      error: { code: -32601 },
    });
    expect(await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'getBalance', params: [42] }))).toMatchObject({
      id: 2,
      error: { code: -32602 },
    });
    expect(
      await post(
        JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'sendTransaction', params: ['%%%', { encoding: 'base64' }] }),
      ),
    ).toMatchObject({ error: { code: -32602 } });
    const batch = (await post(
      JSON.stringify([
        { jsonrpc: '2.0', id: 'a', method: 'getHealth' },
        { jsonrpc: '2.0', id: 'b', method: 'getSlot' },
      ]),
    )) as unknown[];
    expect(batch).toMatchObject([
      { id: 'a', result: 'ok' },
      { id: 'b', result: expect.any(Number) },
    ]);
    expect(await chain.validator.handle(undefined)).toMatchObject({ error: { code: -32600 } });
  });

  it('airdrops through the validator API as a real transaction', async () => {
    const who = await generateKeyPairSigner();
    const signature = await chain.validator.airdrop(who.address, lamports(2n * SOL));
    expect(await balance(who.address)).toBe(2n * SOL);
    // two equal airdrops in the same slot must both land
    await chain.validator.airdrop(who.address, 2n * SOL);
    expect(await balance(who.address)).toBe(4n * SOL);
    const fetched = await chain.rpc
      .getTransaction(signature as never, {
        encoding: 'json',
        maxSupportedTransactionVersion: 0,
        commitment: 'confirmed',
      })
      .send();
    expect(fetched!.meta!.err).toBeNull();
  });
});
