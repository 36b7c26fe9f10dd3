import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getAddressEncoder,
  getArrayEncoder,
  getProgramDerivedAddress,
  getStructEncoder,
  getU32Encoder,
  getU64Encoder,
  getU8Encoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { latestLifetime, sendSigned, signMessage, waitUntil, type TestRpc } from './local-chain';

// Test support: an address lookup table on the local chain, made through the real program, for v0 transactions
// whose accounts arrive as the RPC's `loadedAddresses`. Encoded by hand: no lookup-table client is installed.

const LOOKUP_TABLE_PROGRAM = address('AddressLookupTab1e1111111111111111111111111');
const SYSTEM_PROGRAM = address('11111111111111111111111111111111');
// The program only takes a recent slot found in the SlotHashes sysvar; LiteSVM's holds slot 0 alone.
const RECENT_SLOT = 0n;

const createEncoder = getStructEncoder([
  ['discriminator', getU32Encoder()],
  ['recentSlot', getU64Encoder()],
  ['bump', getU8Encoder()],
]);
const extendEncoder = getStructEncoder([
  ['discriminator', getU32Encoder()],
  ['addresses', getArrayEncoder(getAddressEncoder(), { size: getU64Encoder() })],
]);

/**
 * Creates a lookup table owned by `authority` (who also pays) holding `addresses`, and waits out its warm-up: an
 * entry is only usable from the slot after the one that added it. One table per authority (its address is derived
 * from the authority and the recent slot).
 */
export async function createLookupTable(
  rpc: TestRpc,
  authority: KeyPairSigner,
  addresses: readonly Address[],
): Promise<Address> {
  const [table, bump] = await getProgramDerivedAddress({
    programAddress: LOOKUP_TABLE_PROGRAM,
    seeds: [getAddressEncoder().encode(authority.address), getU64Encoder().encode(RECENT_SLOT)],
  });
  const accounts = [
    { address: table, role: AccountRole.WRITABLE },
    { address: authority.address, role: AccountRole.READONLY_SIGNER, signer: authority },
    { address: authority.address, role: AccountRole.WRITABLE_SIGNER, signer: authority },
    { address: SYSTEM_PROGRAM, role: AccountRole.READONLY },
  ];
  const instructions: Instruction[] = [
    {
      programAddress: LOOKUP_TABLE_PROGRAM,
      accounts,
      data: createEncoder.encode({ discriminator: 0, recentSlot: RECENT_SLOT, bump }),
    },
    {
      programAddress: LOOKUP_TABLE_PROGRAM,
      accounts,
      data: extendEncoder.encode({ discriminator: 2, addresses: [...addresses] }),
    },
  ];
  const lifetime = await latestLifetime(rpc);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(authority, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signature = await sendSigned(rpc, await signMessage(message));
  const landed = await rpc
    .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
    .send();
  if (!landed || landed.meta?.err !== null) throw new Error(`lookup table not created: ${signature}`);
  await waitUntil(async () => (await rpc.getSlot().send()) > landed.slot);
  return table;
}
