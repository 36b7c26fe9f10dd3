import type { MintAccountSpec } from '@shared/mint';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@shared/mint';
import type { Address, TransactionSigner } from '@solana/kit';
import { useState } from 'react';
import { Button } from '@web/components/button';
import { ExplorerLink } from '@web/components/explorer-link';
import { Field, Input } from '@web/components/input';
import { Select } from '@web/components/select';
import { toast } from '@web/components/toast-store';
import { isWalletRejection, useWallet } from '@web/features/wallet';
import { useExplorer } from '@web/lib/use-explorer';
import { readTokenAmount } from './token-amount';
import { useCreateMint, type CreatedMint } from './use-create-mint';

export const TOKEN_PROGRAM_NAMES: Record<string, string> = {
  [TOKEN_PROGRAM_ADDRESS]: 'SPL Token',
  [TOKEN_2022_PROGRAM_ADDRESS]: 'Token-2022',
};

const DECIMALS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

/**
 * "Create my token mint at <address>": decimals, program and an optional initial supply; the mint authority is the
 * connected wallet, which also pays and signs. `fixedProgram` is a seed-derived address's owner: the address was
 * ground for it, so it cannot change.
 */
export function CreateMintCard({
  address,
  account,
  fixedProgram,
}: {
  address: string;
  account(wallet: TransactionSigner): MintAccountSpec;
  fixedProgram?: Address;
}) {
  const [decimals, setDecimals] = useState(6);
  const [program, setProgram] = useState<Address>(fixedProgram ?? TOKEN_PROGRAM_ADDRESS);
  const [supply, setSupply] = useState('');
  const create = useCreateMint();
  const { address: wallet } = useWallet();
  const amount = readTokenAmount(supply, decimals);

  if (create.data) return <MintCreated created={create.data} />;
  const onCreate = () =>
    create.mutate(
      {
        account,
        choices: { decimals, tokenProgram: fixedProgram ?? program, initialSupply: amount.ok ? amount.units : 0n },
      },
      {
        onSuccess: () =>
          toast({ title: 'Mint created', description: `Your token mint lives at ${address}.`, variant: 'success' }),
        onError: (e) =>
          toast({
            title: 'Mint not created',
            description: isWalletRejection(e)
              ? 'You rejected the transaction in your wallet. Nothing was sent.'
              : e.message,
            variant: 'error',
          }),
      },
    );
  return (
    <section className="flex flex-col gap-4" data-testid="create-mint" aria-labelledby="create-mint-title">
      <div className="flex flex-col gap-1">
        <h3 id="create-mint-title" className="font-semibold text-vault-100">
          Create your token mint
        </h3>
        <p className="text-sm text-vault-300">
          One transaction makes the account at your address and sets it up as a token mint.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="mint-decimals" label="Decimals">
          <Select id="mint-decimals" value={decimals} onChange={(e) => setDecimals(Number(e.target.value))}>
            {DECIMALS.map((d) => (
              <option key={d} value={d}>
                {d}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="mint-program"
          label="Token program"
          hint={fixedProgram ? 'The address was ground for this program.' : undefined}
        >
          <Select
            id="mint-program"
            value={fixedProgram ?? program}
            disabled={Boolean(fixedProgram)}
            onChange={(e) => setProgram(e.target.value as Address)}
          >
            {Object.entries(TOKEN_PROGRAM_NAMES).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="mint-supply"
          label="Initial supply (optional)"
          hint="Minted to your wallet's token account in the same transaction."
          error={amount.ok ? undefined : amount.reason}
        >
          <Input
            id="mint-supply"
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 1000000"
            value={supply}
            aria-invalid={!amount.ok}
            onChange={(e) => setSupply(e.target.value)}
          />
        </Field>
      </div>
      <p className="text-xs text-vault-400">
        Mint authority: your wallet{wallet && <span className="break-all font-mono"> {wallet}</span>}. No freeze
        authority. Your wallet pays the rent and the fee and signs as fee payer.
      </p>
      <Button
        size="lg"
        // The whole address is the button's promise; it wraps (inside the label) rather than overflow a phone.
        className="h-auto min-h-12 w-full py-2 sm:w-auto sm:self-start"
        disabled={!amount.ok}
        loading={create.isPending}
        onClick={onCreate}
      >
        <span className="min-w-0 whitespace-normal text-left">
          Create my token mint at <span className="break-all font-mono">{address}</span>
        </span>
      </Button>
    </section>
  );
}

function MintCreated({ created }: { created: CreatedMint }) {
  const explorer = useExplorer();
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-xl bg-money-500/10 p-4 text-sm ring-1 ring-money-500/40"
      data-testid="mint-created"
    >
      <p className="font-semibold text-money-300">Your token mint exists.</p>
      <p className="text-vault-300">
        Mint: <ExplorerLink value={created.mint} href={explorer.address(created.mint)} what="Mint" />
      </p>
      {created.tokenAccount && (
        <p className="text-vault-300">
          Your token account:{' '}
          <ExplorerLink
            value={created.tokenAccount}
            href={explorer.address(created.tokenAccount)}
            what="Token account"
          />
        </p>
      )}
      <p className="text-vault-300">
        Transaction: <ExplorerLink value={created.signature} href={explorer.tx(created.signature)} what="Transaction" />
      </p>
    </div>
  );
}
