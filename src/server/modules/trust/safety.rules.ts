import type { SafetyFacts } from '@chain/safety/read-account-safety';
import { HISTORY_LIMIT, systemOwnedFailure } from '@chain/safety/read-account-safety';
import type { SafetyCheck, SafetyReport } from '@shared/api/trust';

/**
 * The account-safety rules (docs/domain.md#account-safety-checks) over what the chain said. They judge harm, not
 * presence: only a state that gives someone other than the address power over the address or what is sent to it
 * fails. Anyone can open a token account for any address, freeze one of their own mint, or send it dust, so those
 * read as `info` and never fail (docs/domain.md#account-safety-checks). Pure, so every rule is tested without a chain:
 * - system-owned: absent, or System Program owner with no data and not executable; else fail (an `Assign`ed
 *   account can be drained by its new owner program without the key);
 * - no-token-accounts: a token account owned by the address whose delegate or close authority is someone else, or
 *   the address's associated token account handed to another owner, fails; other token accounts (frozen ones, a
 *   Token-2022 mint's permanent delegate over its own tokens) are `info`;
 * - never-used: transactions the address signed warn; history made only by others is `info`;
 * - not-look-alike: the listing rule's look-alike screen, passed in as its result.
 */
export function evaluateSafety(
  address: string,
  facts: SafetyFacts,
  lookalike: string | null,
  checkedAt: Date,
): SafetyReport {
  const checks: SafetyCheck[] = [
    systemOwned(facts),
    tokenAccounts(address, facts),
    neverUsed(facts),
    notLookAlike(lookalike),
  ];
  const status = SEVERITY.find((s) => checks.some((c) => c.status === s)) ?? 'pass';
  return { address, checks, status, checkedAt: checkedAt.toISOString(), slot: facts.slot.toString() };
}

/** Worst first: the report's status is the worst of its checks. */
const SEVERITY = ['fail', 'warn', 'info', 'pass'] as const;

function systemOwned(facts: SafetyFacts): SafetyCheck {
  const failure = systemOwnedFailure(facts.account);
  if (failure) return { name: 'system-owned', status: 'fail', detail: failure };
  return {
    name: 'system-owned',
    status: 'pass',
    detail: facts.account.owner ? 'A plain wallet owned by the System Program' : 'The account does not exist yet',
  };
}

const short = (a: string) => `${a.slice(0, 4)}…${a.slice(-4)}`;

function tokenAccounts(address: string, facts: SafetyFacts): SafetyCheck {
  const trapped = facts.tokenAccounts.flatMap((t) => {
    const powers = [
      t.delegate && t.delegate !== address ? `delegate ${t.delegate}` : null,
      t.closeAuthority && t.closeAuthority !== address ? `close authority ${t.closeAuthority}` : null,
    ].filter(Boolean);
    return powers.length ? [`token account ${t.pubkey} has ${powers.join(', ')}`] : [];
  });
  const handedOver = facts.reassigned.map(
    (r) => `associated token account ${r.pubkey} (mint ${short(r.mint)}) is owned by ${r.owner}, not the address`,
  );
  const failures = [...trapped, ...handedOver];
  if (failures.length) return { name: 'no-token-accounts', status: 'fail', detail: capitalize(failures.join('; ')) };
  const n = facts.tokenAccounts.length;
  if (n === 0) {
    return { name: 'no-token-accounts', status: 'pass', detail: 'No SPL Token or Token-2022 account is owned by it' };
  }
  const list = facts.tokenAccounts.map(describeHarmless).join(', ');
  const counted = n === 1 ? '1 token account' : `${n} token accounts`;
  return {
    name: 'no-token-accounts',
    status: 'info',
    detail: `${counted} opened for it, none giving anyone power over the address; harmless (anyone can open one): ${list}`,
  };
}

function describeHarmless(t: SafetyFacts['tokenAccounts'][number]): string {
  const notes = [
    `mint ${short(t.mint)}`,
    t.mintExists ? null : 'mint closed',
    t.frozen ? 'frozen by its mint' : null,
    t.mintPermanentDelegate
      ? `the mint's permanent delegate ${short(t.mintPermanentDelegate)} controls its tokens`
      : null,
  ].filter(Boolean);
  return `${t.pubkey} (${notes.join('; ')})`;
}

function neverUsed(facts: SafetyFacts): SafetyCheck {
  const { count, lastBlockTime, signedCount, lastSignedBlockTime } = facts.history;
  if (count === 0) return { name: 'never-used', status: 'pass', detail: 'No transaction history' };
  const at = (time: number | null) => (time === null ? 'at an unknown time' : new Date(time * 1000).toISOString());
  const plural = (k: number) => `${k} transaction${k === 1 ? '' : 's'}`;
  if (signedCount > 0) {
    const many = count >= HISTORY_LIMIT ? `${signedCount} of the last ${count}` : plural(signedCount);
    return {
      name: 'never-used',
      status: 'warn',
      detail: `Used before: ${many} signed by this address, the last ${at(lastSignedBlockTime)}`,
    };
  }
  // Only others' transfers were read; past the read limit an older one the address signed cannot be ruled out.
  if (count >= HISTORY_LIMIT) {
    return {
      name: 'never-used',
      status: 'warn',
      detail: `${count} or more transactions sent by others, the last ${at(lastBlockTime)}; older ones were not read`,
    };
  }
  return {
    name: 'never-used',
    status: 'info',
    detail: `Never signed a transaction; received ${plural(count)} from others (the last ${at(lastBlockTime)}); harmless`,
  };
}

function notLookAlike(lookalike: string | null): SafetyCheck {
  return lookalike
    ? { name: 'not-look-alike', status: 'fail', detail: lookalike }
    : { name: 'not-look-alike', status: 'pass', detail: 'Does not imitate a well-known address' };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
