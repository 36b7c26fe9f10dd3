import type { ChainContext } from '../chain';
import type { Env } from '@server/config/env';
import type { Db } from '@server/db/database';
import { checkAddressSafety, type Attestation } from '../trust';
import type { VaultCipher } from '../key-crypto';
import type { PurchaseDeps } from './deps';
import { RESERVATION_MS } from './state-machine';

/** The purchase services' dependencies as the running app provides them. */
export function purchaseDepsOf(
  db: Db,
  env: Env,
  chain: ChainContext,
  cipher: VaultCipher,
  attestation?: Attestation,
  runLater?: PurchaseDeps['runLater'],
): PurchaseDeps {
  const quorumRpcs = env.verifyQuorum > 1 ? chain.endpointRpcs : undefined;
  return {
    cipher,
    db,
    rpc: chain.rpc,
    cluster: env.cluster,
    treasuryWallet: env.treasuryWallet,
    explorerRpcUrl: chain.explorerRpcUrl,
    reservationMs: RESERVATION_MS,
    verifyRpcs: chain.endpointRpcs,
    verifyQuorum: env.verifyQuorum,
    revealCommitment: env.revealCommitment,
    maxOpenReservations: env.maxOpenReservations,
    reservationCooldownMs: env.reservationCooldownMs,
    now: () => new Date(),
    attestation,
    runLater,
    safetyCheck: (address) => checkAddressSafety({ db, rpc: chain.rpc }, address),
    safetyCheckEach: quorumRpcs
      ? (address) => Promise.all(quorumRpcs.map((rpc) => checkAddressSafety({ db, rpc }, address)))
      : undefined,
  };
}
