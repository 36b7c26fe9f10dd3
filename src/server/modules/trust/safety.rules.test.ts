import { describe, expect, it } from 'vitest';
import {
  HISTORY_LIMIT,
  SYSTEM_PROGRAM,
  TOKEN_PROGRAMS,
  type SafetyFacts,
  type TokenAccountFacts,
} from '@chain/safety/read-account-safety';
import type { SafetyCheck } from '@shared/api/trust';
import { evaluateSafety } from './safety.rules';

const ADDRESS = 'VAULTxExampLe1111111111111111111111111111111';
const OTHER_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const THIEF = 'Thief1111111111111111111111111111111111111111';
const MINT = 'MintAbcd111111111111111111111111111111111Wxyz';
const AT = new Date('2026-01-02T03:04:05.000Z');

function facts(over: Partial<SafetyFacts> = {}): SafetyFacts {
  return {
    slot: 4242n,
    account: { owner: null, dataLength: 0, executable: false },
    tokenAccounts: [],
    history: { count: 0, lastBlockTime: null },
    ...over,
  };
}

function token(pubkey: string, over: Partial<TokenAccountFacts> = {}): TokenAccountFacts {
  return {
    pubkey,
    program: TOKEN_PROGRAMS[0],
    mint: MINT,
    delegate: null,
    closeAuthority: null,
    frozen: false,
    ...over,
  };
}

const evaluate = (f: SafetyFacts, lookalike: string | null = null) => evaluateSafety(ADDRESS, f, lookalike, AT);
const check = (f: SafetyFacts, name: SafetyCheck['name']) => evaluate(f).checks.find((c) => c.name === name);

describe('evaluateSafety', () => {
  it('passes an account that does not exist yet, with the slot and time of the read', () => {
    expect(evaluate(facts())).toEqual({
      address: ADDRESS,
      status: 'pass',
      checkedAt: '2026-01-02T03:04:05.000Z',
      slot: '4242',
      checks: [
        { name: 'system-owned', status: 'pass', detail: 'The account does not exist yet' },
        { name: 'no-token-accounts', status: 'pass', detail: 'No SPL Token or Token-2022 account is owned by it' },
        { name: 'never-used', status: 'pass', detail: 'No transaction history' },
        { name: 'not-look-alike', status: 'pass', detail: 'Does not imitate a well-known address' },
      ],
    });
  });

  it('passes a plain System-owned wallet', () => {
    const report = evaluate(facts({ account: { owner: SYSTEM_PROGRAM, dataLength: 0, executable: false } }));
    expect(report.status).toBe('pass');
    expect(report.checks[0]).toEqual({
      name: 'system-owned',
      status: 'pass',
      detail: 'A plain wallet owned by the System Program',
    });
  });

  it('fails a System-owned account holding data, with the byte count in singular or plural', () => {
    const one = evaluate(facts({ account: { owner: SYSTEM_PROGRAM, dataLength: 1, executable: false } }));
    expect(one.status).toBe('fail');
    expect(one.checks[0]).toEqual({
      name: 'system-owned',
      status: 'fail',
      detail: 'The account holds 1 byte of data',
    });
    const many = check(
      facts({ account: { owner: SYSTEM_PROGRAM, dataLength: 165, executable: false } }),
      'system-owned',
    );
    expect(many?.detail).toBe('The account holds 165 bytes of data');
  });

  it('fails an executable account', () => {
    const report = evaluate(facts({ account: { owner: SYSTEM_PROGRAM, dataLength: 0, executable: true } }));
    expect(report.status).toBe('fail');
    expect(report.checks[0]).toMatchObject({ status: 'fail', detail: 'The account is marked executable' });
  });

  it('fails an account owned by another program, naming it', () => {
    const report = evaluate(facts({ account: { owner: OTHER_PROGRAM, dataLength: 0, executable: false } }));
    expect(report.status).toBe('fail');
    expect(report.checks[0]).toEqual({
      name: 'system-owned',
      status: 'fail',
      detail: `The account is owned by program ${OTHER_PROGRAM}, not the System Program`,
    });
  });

  it('fails a token account with a delegate, a close authority or frozen, naming each trap', () => {
    const cases: [Partial<TokenAccountFacts>, string][] = [
      [{ delegate: THIEF }, `Token account T1 has delegate ${THIEF}`],
      [{ closeAuthority: THIEF }, `Token account T1 has close authority ${THIEF}`],
      [{ frozen: true }, 'Token account T1 is frozen'],
      [
        { delegate: THIEF, closeAuthority: THIEF, frozen: true },
        `Token account T1 has delegate ${THIEF}, close authority ${THIEF} and is frozen`,
      ],
    ];
    for (const [trap, detail] of cases) {
      const report = evaluate(facts({ tokenAccounts: [token('T1', trap)] }));
      expect(report.status, detail).toBe('fail');
      expect(report.checks[1]).toEqual({ name: 'no-token-accounts', status: 'fail', detail });
    }
  });

  it('names only the trapped accounts when plain ones sit beside them', () => {
    const detail = check(
      facts({ tokenAccounts: [token('T1'), token('T2', { delegate: THIEF }), token('T3', { frozen: true })] }),
      'no-token-accounts',
    );
    expect(detail).toEqual({
      name: 'no-token-accounts',
      status: 'fail',
      detail: `Token account T2 has delegate ${THIEF}; token account T3 is frozen`,
    });
  });

  it('warns for plain token accounts, in singular and plural, Token-2022 included', () => {
    const one = evaluate(facts({ tokenAccounts: [token('T1')] }));
    expect(one.status).toBe('warn');
    expect(one.checks[1]).toEqual({
      name: 'no-token-accounts',
      status: 'warn',
      detail: '1 token account already exists: T1 (mint Mint…Wxyz)',
    });
    const two = check(
      facts({ tokenAccounts: [token('T1'), token('T22', { program: TOKEN_PROGRAMS[1] })] }),
      'no-token-accounts',
    );
    expect(two).toEqual({
      name: 'no-token-accounts',
      status: 'warn',
      detail: '2 token accounts already exist: T1 (mint Mint…Wxyz), T22 (mint Mint…Wxyz)',
    });
  });

  it('fails a trapped Token-2022 account like an SPL Token one', () => {
    const report = evaluate(
      facts({ tokenAccounts: [token('T22', { program: TOKEN_PROGRAMS[1], closeAuthority: THIEF })] }),
    );
    expect(report.status).toBe('fail');
    expect(report.checks[1]?.detail).toBe(`Token account T22 has close authority ${THIEF}`);
  });

  it('warns for history with the count and the last time', () => {
    const lastBlockTime = Date.parse('2025-12-31T23:59:58.000Z') / 1000;
    const one = evaluate(facts({ history: { count: 1, lastBlockTime } }));
    expect(one.status).toBe('warn');
    expect(one.checks[2]).toEqual({
      name: 'never-used',
      status: 'warn',
      detail: 'Used before: 1 transaction, the last 2025-12-31T23:59:58.000Z',
    });
    expect(check(facts({ history: { count: 7, lastBlockTime } }), 'never-used')?.detail).toBe(
      'Used before: 7 transactions, the last 2025-12-31T23:59:58.000Z',
    );
    // At the read's limit the count is a floor; an unknown block time is said so.
    expect(check(facts({ history: { count: HISTORY_LIMIT, lastBlockTime: null } }), 'never-used')?.detail).toBe(
      `Used before: ${HISTORY_LIMIT} or more transactions, the last at an unknown time`,
    );
  });

  it('fails a look-alike with the screen’s reason, and a fail outranks a warn', () => {
    const report = evaluate(facts({ history: { count: 2, lastBlockTime: null } }), 'Imitates USDC');
    expect(report.checks[3]).toEqual({ name: 'not-look-alike', status: 'fail', detail: 'Imitates USDC' });
    expect(report.status).toBe('fail');
  });
});
