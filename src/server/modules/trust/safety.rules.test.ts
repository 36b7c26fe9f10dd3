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
    reassigned: [],
    history: { count: 0, lastBlockTime: null, signedCount: 0, lastSignedBlockTime: null },
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
    mintPermanentDelegate: null,
    mintExists: true,
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

  it('fails a token account whose delegate or close authority is someone else, naming each power', () => {
    const cases: [Partial<TokenAccountFacts>, string][] = [
      [{ delegate: THIEF }, `Token account T1 has delegate ${THIEF}`],
      [{ closeAuthority: THIEF }, `Token account T1 has close authority ${THIEF}`],
      [
        { delegate: THIEF, closeAuthority: THIEF, frozen: true },
        `Token account T1 has delegate ${THIEF}, close authority ${THIEF}`,
      ],
      // A delegated Token-2022 account whose mint was closed (docs/domain.md#account-safety-checks).
      [{ program: TOKEN_PROGRAMS[1], delegate: THIEF, mintExists: false }, `Token account T1 has delegate ${THIEF}`],
    ];
    for (const [trap, detail] of cases) {
      const report = evaluate(facts({ tokenAccounts: [token('T1', trap)] }));
      expect(report.status, detail).toBe('fail');
      expect(report.checks[1]).toEqual({ name: 'no-token-accounts', status: 'fail', detail });
    }
  });

  it('does not count the address itself as a delegate or close authority', () => {
    const report = evaluate(facts({ tokenAccounts: [token('T1', { delegate: ADDRESS, closeAuthority: ADDRESS })] }));
    expect(report.checks[1]?.status).toBe('info');
  });

  it('fails an associated token account handed to another owner', () => {
    const report = evaluate(
      facts({ reassigned: [{ pubkey: 'ATA1', program: TOKEN_PROGRAMS[0], mint: MINT, owner: THIEF }] }),
    );
    expect(report.status).toBe('fail');
    expect(report.checks[1]).toEqual({
      name: 'no-token-accounts',
      status: 'fail',
      detail: `Associated token account ATA1 (mint Mint…Wxyz) is owned by ${THIEF}, not the address`,
    });
  });

  it('names only the trapped accounts when harmless ones sit beside them', () => {
    const detail = check(
      facts({ tokenAccounts: [token('T1'), token('T2', { delegate: THIEF }), token('T3', { frozen: true })] }),
      'no-token-accounts',
    );
    expect(detail).toEqual({
      name: 'no-token-accounts',
      status: 'fail',
      detail: `Token account T2 has delegate ${THIEF}`,
    });
  });

  it('reads token accounts anyone could open as info: plain, frozen, a closed mint or a permanent delegate', () => {
    const one = evaluate(facts({ tokenAccounts: [token('T1')] }));
    expect(one.status).toBe('info');
    expect(one.checks[1]).toEqual({
      name: 'no-token-accounts',
      status: 'info',
      detail:
        '1 token account opened for it, none giving anyone power over the address; harmless (anyone can open one): T1 (mint Mint…Wxyz)',
    });
    const several = check(
      facts({
        tokenAccounts: [
          token('T1', { frozen: true }),
          token('T22', { program: TOKEN_PROGRAMS[1], mintPermanentDelegate: THIEF }),
          token('T3', { program: TOKEN_PROGRAMS[1], mintExists: false }),
        ],
      }),
      'no-token-accounts',
    );
    expect(several?.status).toBe('info');
    expect(several?.detail).toBe(
      '3 token accounts opened for it, none giving anyone power over the address; harmless (anyone can open one): ' +
        'T1 (mint Mint…Wxyz; frozen by its mint), ' +
        "T22 (mint Mint…Wxyz; the mint's permanent delegate Thie…1111 controls its tokens), " +
        'T3 (mint Mint…Wxyz; mint closed)',
    );
  });

  it('warns for transactions the address signed, with the count and the last time', () => {
    const lastSignedBlockTime = Date.parse('2025-12-31T23:59:58.000Z') / 1000;
    const history = (count: number, signedCount: number, last: number | null = lastSignedBlockTime) => ({
      history: { count, lastBlockTime: null, signedCount, lastSignedBlockTime: last },
    });
    const one = evaluate(facts(history(3, 1)));
    expect(one.status).toBe('warn');
    expect(one.checks[2]).toEqual({
      name: 'never-used',
      status: 'warn',
      detail: 'Used before: 1 transaction signed by this address, the last 2025-12-31T23:59:58.000Z',
    });
    expect(check(facts(history(7, 7)), 'never-used')?.detail).toBe(
      'Used before: 7 transactions signed by this address, the last 2025-12-31T23:59:58.000Z',
    );
    // At the read's limit the count is out of the transactions read; an unknown block time is said so.
    expect(check(facts(history(HISTORY_LIMIT, 4, null)), 'never-used')?.detail).toBe(
      `Used before: 4 of the last ${HISTORY_LIMIT} signed by this address, the last at an unknown time`,
    );
  });

  it("reads history the address never signed (a stranger's dust) as info, and warns past the read's limit", () => {
    const lastBlockTime = Date.parse('2025-12-31T23:59:58.000Z') / 1000;
    const dust = evaluate(facts({ history: { count: 2, lastBlockTime, signedCount: 0, lastSignedBlockTime: null } }));
    expect(dust.status).toBe('info');
    expect(dust.checks[2]).toEqual({
      name: 'never-used',
      status: 'info',
      detail:
        'Never signed a transaction; received 2 transactions from others (the last 2025-12-31T23:59:58.000Z); harmless',
    });
    const many = check(
      facts({ history: { count: HISTORY_LIMIT, lastBlockTime, signedCount: 0, lastSignedBlockTime: null } }),
      'never-used',
    );
    expect(many).toEqual({
      name: 'never-used',
      status: 'warn',
      detail: `${HISTORY_LIMIT} or more transactions sent by others, the last 2025-12-31T23:59:58.000Z; older ones were not read`,
    });
  });

  it('fails a look-alike with the screen’s reason; fail outranks warn, warn outranks info', () => {
    const used = { count: 2, lastBlockTime: null, signedCount: 1, lastSignedBlockTime: null };
    const report = evaluate(facts({ history: used }), 'Imitates USDC');
    expect(report.checks[3]).toEqual({ name: 'not-look-alike', status: 'fail', detail: 'Imitates USDC' });
    expect(report.status).toBe('fail');
    expect(evaluate(facts({ history: used, tokenAccounts: [token('T1')] })).status).toBe('warn');
  });
});
