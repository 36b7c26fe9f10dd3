import type { SolanaCluster } from '@shared/api/config';
import { Badge } from '@web/components/badge';

const clusterNames: Record<SolanaCluster, string> = {
  local: 'local validator',
  devnet: 'devnet',
  testnet: 'testnet',
  'mainnet-beta': 'mainnet',
};

/**
 * The network as the spec shows it, "solana (mainnet)", plus — off mainnet — the real cluster, so nobody
 * takes a local or devnet purchase for a mainnet one.
 */
export function NetworkValue({ network, cluster }: { network: string; cluster: SolanaCluster | null }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="capitalize">{network}</span>
      <span className="text-vault-400">(mainnet)</span>
      {cluster && cluster !== 'mainnet-beta' && (
        <Badge tone="gold" data-testid="cluster-badge">
          Actually on {clusterNames[cluster]}
        </Badge>
      )}
    </span>
  );
}
