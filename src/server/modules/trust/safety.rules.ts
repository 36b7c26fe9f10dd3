import type { SafetyFacts } from '@chain/safety/read-account-safety';
import { HISTORY_LIMIT, systemOwnedFailure } from '@chain/safety/read-account-safety';
import type { SafetyCheck, SafetyReport } from '@shared/api/trust';

/**
 * The account-safety rules (docs/domain.md#account-safety-checks) over what the chain said. Pure, so every rule is
 * tested without a chain:
 * - system-owned: absent, or System Program owner with no data and not executable; else fail (an `Assign`ed
 *   account can be drained by its new owner program without the key);
 * - no-token-accounts: none under SPL Token or Token-2022; one with a delegate, a close authority or frozen fails
 *   (whoever set those can take what is sent there later); any other warns;
 * - never-used: history warns, with the count and the last time;
 * - not-look-alike: the listing rule's look-alike screen, passed in as its result.
 */
export function evaluateSafety(
  address: string,
  facts: SafetyFacts,
  lookalike: string | null,
  checkedAt: Date,
): SafetyReport {
  const checks: SafetyCheck[] = [systemOwned(facts), tokenAccounts(facts), neverUsed(facts), notLookAlike(lookalike)];
  const status = checks.some((c) => c.status === 'fail')
    ? 'fail'
    : checks.some((c) => c.status === 'warn')
      ? 'warn'
      : 'pass';
  return { address, checks, status, checkedAt: checkedAt.toISOString(), slot: facts.slot.toString() };
}

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

function tokenAccounts(facts: SafetyFacts): SafetyCheck {
  const trapped = facts.tokenAccounts.flatMap((t) => {
    const has = [
      t.delegate ? `delegate ${t.delegate}` : null,
      t.closeAuthority ? `close authority ${t.closeAuthority}` : null,
    ].filter(Boolean);
    const why = [has.length ? `has ${has.join(', ')}` : null, t.frozen ? 'is frozen' : null].filter(Boolean);
    return why.length ? [`token account ${t.pubkey} ${why.join(' and ')}`] : [];
  });
  if (trapped.length) return { name: 'no-token-accounts', status: 'fail', detail: capitalize(trapped.join('; ')) };
  if (facts.tokenAccounts.length) {
    const list = facts.tokenAccounts.map((t) => `${t.pubkey} (mint ${short(t.mint)})`).join(', ');
    const n = facts.tokenAccounts.length;
    const counted = n === 1 ? '1 token account already exists' : `${n} token accounts already exist`;
    return { name: 'no-token-accounts', status: 'warn', detail: `${counted}: ${list}` };
  }
  return { name: 'no-token-accounts', status: 'pass', detail: 'No SPL Token or Token-2022 account is owned by it' };
}

function neverUsed(facts: SafetyFacts): SafetyCheck {
  const { count, lastBlockTime } = facts.history;
  if (count === 0) return { name: 'never-used', status: 'pass', detail: 'No transaction history' };
  const last = lastBlockTime === null ? 'at an unknown time' : new Date(lastBlockTime * 1000).toISOString();
  const many =
    count >= HISTORY_LIMIT ? `${count} or more transactions` : `${count} transaction${count === 1 ? '' : 's'}`;
  return { name: 'never-used', status: 'warn', detail: `Used before: ${many}, the last ${last}` };
}

function notLookAlike(lookalike: string | null): SafetyCheck {
  return lookalike
    ? { name: 'not-look-alike', status: 'fail', detail: lookalike }
    : { name: 'not-look-alike', status: 'pass', detail: 'Does not imitate a well-known address' };
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
