import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@shared/mint';
import { isSolanaAddress } from '@shared/keys/base58';
import { Field, Input } from '@web/components/input';
import { Select } from '@web/components/select';

export type OwnerChoice = { kind: 'spl' } | { kind: 'token-2022' } | { kind: 'custom'; address: string };

/** The owner program a seed-derived order is ground for, or null while a custom address is not one. */
export function ownerAddress(choice: OwnerChoice): string | null {
  if (choice.kind === 'spl') return TOKEN_PROGRAM_ADDRESS;
  if (choice.kind === 'token-2022') return TOKEN_2022_PROGRAM_ADDRESS;
  const trimmed = choice.address.trim();
  return isSolanaAddress(trimmed) ? trimmed : null;
}

/**
 * Which program will own a seed-derived account: it is part of the address (sha256(base ‖ seed ‖ owner)), so it is
 * chosen before grinding. A token mint is owned by the Token program, the default.
 */
export function OwnerPicker({ value, onChange }: { value: OwnerChoice; onChange(next: OwnerChoice): void }) {
  const custom = value.kind === 'custom' ? value.address : '';
  const invalid = value.kind === 'custom' && custom.trim() !== '' && ownerAddress(value) === null;
  return (
    <div className="grid gap-4 sm:grid-cols-[16rem_1fr]">
      <Field
        id="order-owner"
        label="Owner program"
        hint="A token mint is owned by SPL Token or Token-2022. Part of the address: it cannot change after the grind."
      >
        <Select
          id="order-owner"
          value={value.kind}
          onChange={(e) =>
            onChange(
              e.target.value === 'custom' ? { kind: 'custom', address: custom } : { kind: e.target.value as 'spl' },
            )
          }
        >
          <option value="spl">SPL Token</option>
          <option value="token-2022">Token-2022</option>
          <option value="custom">Another program…</option>
        </Select>
      </Field>
      {value.kind === 'custom' && (
        <Field id="order-owner-address" label="Program address" error={invalid ? 'Not a Solana address' : undefined}>
          <Input
            id="order-owner-address"
            className="font-mono"
            autoComplete="off"
            spellCheck={false}
            value={custom}
            aria-invalid={invalid}
            onChange={(e) => onChange({ kind: 'custom', address: e.target.value })}
          />
        </Field>
      )}
    </div>
  );
}
