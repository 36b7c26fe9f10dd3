// The server's chain wiring: the chain context (RPC client or embedded validator) every route and job is given, the
// local chain's standard ports, and the chain-facing routes (docs/architecture.md#server-modules).
import type { AppInstance } from '../../types';
import type { ChainContext } from './chain-context';
import { faucetRoutes } from './faucet.routes';
import { gasFeesRoutes } from './gas-fees.routes';
import { localRpcRoutes } from './rpc.routes';

/** Chain-facing routes: gas fees always; the embedded validator's /rpc and the faucet only in local mode. */
export async function chainRoutes(app: AppInstance, opts: { chain: ChainContext; isLocal: boolean }): Promise<void> {
  await app.register(gasFeesRoutes, { chain: opts.chain });
  const validator = opts.chain.validator;
  if (validator) await app.register(localRpcRoutes, { validator });
  if (validator && opts.isLocal) await app.register(faucetRoutes, { validator });
}
export type { ChainContext, ChainHealth } from './chain-context';
export { createChainContext } from './create-chain-context';
export { serveStandardPorts, sharedAirdropBudget } from './standard-ports';
