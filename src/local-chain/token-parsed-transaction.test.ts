import {
  AuthorityType,
  getApproveInstruction,
  getSetAuthorityInstruction,
  getTransferCheckedInstruction,
  getTransferInstruction,
} from '@solana-program/token';
import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedSigner, rawRpc, startLocalChain, type LocalChain } from '@tests/helpers/local-chain';
import {
  createTestMint,
  createTestTokenAccount,
  sendInstructions,
  TOKEN_2022_PROGRAM_ADDRESS,
  TOKEN_PROGRAM_ADDRESS,
} from '@tests/helpers/local-chain-tokens';

let chain: LocalChain;
let payer: KeyPairSigner;

beforeAll(async () => {
  chain = await startLocalChain({ slotMs: 100 });
  payer = await fundedSigner(chain.rpc, 10_000_000_000n);
});
afterAll(() => chain.stop());

async function parsedTransaction(signature: string) {
  const options = { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 0 };
  return (await rawRpc(chain.url, 'getTransaction', [signature, options])).result as {
    transaction: { message: { instructions: unknown[] } };
  };
}

// The `type` and `info` of each instruction as Agave's parse_token.rs writes them (amounts as strings,
// transferChecked with a UiTokenAmount, setAuthority naming the owned account and a null newAuthority).
describe.each([
  ['SPL Token', TOKEN_PROGRAM_ADDRESS],
  ['Token-2022', TOKEN_2022_PROGRAM_ADDRESS],
])('getTransaction jsonParsed for %s instructions', (_name, programAddress: Address) => {
  it('parses transfer, transferChecked, approve and setAuthority', async () => {
    const owner = await generateKeyPairSigner();
    const delegate = (await generateKeyPairSigner()).address;
    const closer = (await generateKeyPairSigner()).address;
    const mint = await createTestMint(chain.rpc, payer, { decimals: 2, programId: programAddress });
    const source = await createTestTokenAccount(chain.rpc, payer, mint, { owner, amount: 10_000n });
    const destination = await createTestTokenAccount(chain.rpc, payer, mint, { owner: payer });
    const config = { programAddress };
    const signature = await sendInstructions(chain.rpc, payer, [
      getTransferInstruction({ source, destination, authority: owner, amount: 1_234n }, config),
      getTransferCheckedInstruction(
        { source, mint: mint.address, destination, authority: owner, amount: 250n, decimals: 2 },
        config,
      ),
      getApproveInstruction({ source, delegate, owner, amount: 500n }, config),
      getSetAuthorityInstruction(
        { owned: source, owner, authorityType: AuthorityType.CloseAccount, newAuthority: closer },
        config,
      ),
      getSetAuthorityInstruction(
        { owned: mint.address, owner: payer, authorityType: AuthorityType.MintTokens, newAuthority: null },
        config,
      ),
    ]);
    const tx = await parsedTransaction(signature);
    const spl = (type: string, info: Record<string, unknown>) => ({
      program: 'spl-token',
      programId: programAddress,
      parsed: { type, info },
    });
    expect(tx.transaction.message.instructions).toEqual([
      expect.objectContaining(spl('transfer', { source, destination, authority: owner.address, amount: '1234' })),
      expect.objectContaining(
        spl('transferChecked', {
          source,
          mint: mint.address,
          destination,
          authority: owner.address,
          tokenAmount: { amount: '250', decimals: 2, uiAmount: 2.5, uiAmountString: '2.5' },
        }),
      ),
      expect.objectContaining(spl('approve', { source, delegate, owner: owner.address, amount: '500' })),
      expect.objectContaining(
        spl('setAuthority', {
          account: source,
          authorityType: 'closeAccount',
          newAuthority: closer,
          authority: owner.address,
        }),
      ),
      expect.objectContaining(
        spl('setAuthority', {
          mint: mint.address,
          authorityType: 'mintTokens',
          newAuthority: null,
          authority: payer.address,
        }),
      ),
    ]);
  });
});
