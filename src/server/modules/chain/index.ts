import type { AppInstance } from '../../types';
import type { ChainContext } from '../../chain/chain-context';
import { faucetRoutes } from './faucet.routes';
import { gasFeesRoutes } from './gas-fees.routes';
import { localRpcRoutes } from './rpc.routes';

export { AIRDROP_RATE_LIMIT } from './faucet.routes';

/** Chain-facing routes: gas fees always; the embedded validator's /rpc and the faucet only in local mode. */
export async function chainRoutes(app: AppInstance, opts: { chain: ChainContext; isLocal: boolean }): Promise<void> {
  await app.register(gasFeesRoutes, { chain: opts.chain });
  const validator = opts.chain.validator;
  if (validator) await app.register(localRpcRoutes, { validator });
  if (validator && opts.isLocal) await app.register(faucetRoutes, { validator });
}
