import { describe, expect, it } from 'vitest';

/*
 * One word per thing (docs/domain.md#glossary): the names the glossary retired stay retired. Names on the wire and in
 * the database keep the spec's words (`transactionId`, `addressId`, `/api/transactions`, table `transactions`) and are
 * not counted; neither is what users read (the spec's "Transaction History").
 */

interface Retired {
  /** What the retired names call what, and the glossary word to use instead. */
  says: string;
  pattern: RegExp;
}

const RETIRED: Record<string, Retired> = {
  'purchase-types': {
    says: 'a purchase\'s repository, row and view called "transaction": say purchase',
    pattern:
      /\b(?:transactionsRepository|TransactionRow|TransactionDetail|TransactionView|toTransactionView|transactionView)\b/,
  },
  'purchase-status': {
    says: 'a purchase\'s status called "transaction status": say purchase status',
    pattern: /\b(?:TransactionStatus\w*|transactionStatusSchema|TRANSACTION_STATUSES)\b/,
  },
  'purchase-schemas': {
    says: 'purchase API schemas called "transaction": say purchase',
    pattern:
      /\b(?:transactionSchema|transactionListSchema|transactionIdParamsSchema|transactionLookupParamsSchema|(?:initiate|confirm)Transaction(?:Body|Response)Schema|InitiateTransaction(?:Body|Response)|(?:getTransaction|getUserTransactions|verifyTransaction)InputSchema)\b/,
  },
  'purchase-functions': {
    says: 'purchase routes, services, fetchers and hooks called "transaction": say purchase',
    // `getTransaction` is also the Solana RPC method (`rpc.getTransaction`, 'getTransaction'): only our own function,
    // called or imported, counts.
    pattern:
      /\b(?:transactionReadRoutes|transactionsOfWallet|transactionKeys|transactionQueryOptions|useTransaction|useUserTransactions|useRecentTransactions|useInitiateTransaction|initiateTransaction|confirmTransaction|verifyTransaction|getUserTransactions|getRecentTransactions|userTransactionsQueryOptions|recentTransactionsQueryOptions)\b|(?<![.\w'"`])getTransaction\s*\(|\bgetTransaction\b(?=[^;\n]*\bfrom\s+')/,
  },
  'purchase-components': {
    says: 'components that show purchases called "transaction": say purchase',
    pattern: /\b(?:TransactionDetailsCard|TransactionHistory|RecentTransactions)\b/,
  },
  'listing-as-address': {
    says: 'a listing (or its id or status) called "address": say listing',
    pattern: /\b(?:findByAddressId|deleteByAddressId|AddressDetails|addressStatus)\b/,
  },
};

// Every source file under src/ as text (Vite's glob import, so shared code's test needs no Node built-ins).
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.d.ts', '!./glossary.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
// Keys are relative to this folder ('./api/…', '../server/…'); paths below are relative to src/.
const files = Object.entries(sources).map(([key, text]) => ({
  path: key.startsWith('./') ? `shared/${key.slice(2)}` : key.replace(/^\.\.\//, ''),
  text,
}));

describe('retired names (docs/domain.md#glossary)', () => {
  it('reads the source tree', () => {
    expect(files.length).toBeGreaterThan(500);
    expect(files.some((f) => f.path === 'shared/api/transactions.ts')).toBe(true);
  });

  for (const [rule, { says, pattern }] of Object.entries(RETIRED)) {
    it(`${rule}: ${says}`, () => {
      const using = files.filter((f) => pattern.test(f.text)).map((f) => f.path);
      expect(using, `These files use a name the glossary retires (${says}; docs/domain.md#glossary).`).toEqual([]);
    });
  }
});
