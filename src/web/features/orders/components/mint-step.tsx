import type { Order } from '@shared/api/orders';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@shared/mint';
import { address as toAddress, type TransactionPartialSigner } from '@solana/kit';
import { Link } from 'wouter';
import { buttonClass } from '@web/components/button';
import { useWallet } from '@web/features/wallet';
import { CreateMintCard, TOKEN_PROGRAM_NAMES } from '../mint/create-mint-card';
import { useChainAccountOwner } from '../mint/use-chain-account';
import type { SplitKeyCompletion } from '../split-key-secret';

const TOKEN_PROGRAMS = new Set<string>([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]);

/**
 * What a delivered order's buyer can do next: create the token mint at the address. A split-key order needs its
 * secret completed first (`completion`: null when this tab no longer holds it); a seed-derived one needs the wallet it
 * was ground for, and a token program as owner.
 */
export function MintStep({ order, completion }: { order: Order; completion: SplitKeyCompletion | null }) {
  const { address: wallet } = useWallet();
  const delivered = order.status === 'delivered' && order.address ? order.address : null;
  const existing = useChainAccountOwner(delivered);
  // A failed read offers the creation anyway: the chain refuses it if the account exists.
  if (!delivered || existing.isPending) return null;
  const mint = toAddress(delivered);
  const owner = existing.data?.owner ?? null;
  if (owner !== null)
    return (
      <p role="status" className="text-sm text-money-300" data-testid="account-exists">
        The account at this address exists already
        {TOKEN_PROGRAM_NAMES[owner] ? ` (owned by ${TOKEN_PROGRAM_NAMES[owner]})` : ''}: there is nothing left to
        create.
      </p>
    );

  if (order.lane === 'split-key') {
    if (!completion)
      return (
        <div className="flex flex-col gap-2 text-sm text-vault-300" data-testid="secret-missing">
          <p>
            This tab no longer holds your split key's secret (it lives only in the page that placed the order). Open the
            finish-later file you downloaded to create the mint.
          </p>
          <Link to={`/order/${order.id}/finish`} className={buttonClass('primary', 'md', 'self-start')}>
            Finish with my file
          </Link>
        </div>
      );
    if (!completion.ok)
      return (
        <p role="alert" className="text-sm text-danger-400" data-testid="finish-problem">
          {completion.problem}
        </p>
      );
    const signer: TransactionPartialSigner = completion.signer;
    return <CreateMintCard address={delivered} account={() => ({ lane: 'split-key', account: signer })} />;
  }

  if (order.lane === 'seed-derived') {
    if (!order.seed || !order.base || !order.owner) return null;
    if (!TOKEN_PROGRAMS.has(order.owner))
      return (
        <p className="text-sm text-vault-300">
          This address belongs to program {order.owner}: create it with that program's own tool, from your wallet{' '}
          {order.base} with CreateAccountWithSeed and the seed above.
        </p>
      );
    if (wallet !== order.base)
      return (
        <p role="alert" className="text-sm text-gold-300">
          Connect the wallet {order.base}: the address was ground from it, and only it can create the account.
        </p>
      );
    const seed = order.seed;
    return (
      <CreateMintCard
        address={delivered}
        fixedProgram={toAddress(order.owner)}
        account={(base) => ({ lane: 'seed-derived', address: mint, base, seed })}
      />
    );
  }
  return null;
}
