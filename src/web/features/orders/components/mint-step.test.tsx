import type { Order } from '@shared/api/orders';
import { renderStatic, textOf } from '@tests/helpers/render-web';
import { describe, expect, it, vi } from 'vitest';
import { TOKEN_PROGRAM_ADDRESS } from '@shared/mint';
import { MintStep } from './mint-step';

const BUYER = 'BuyerWa11et111111111111111111111111111111111';
vi.mock('@web/features/wallet', () => ({
  useWallet: () => ({ address: BUYER, status: 'connected', wallet: null, account: null }),
  isWalletRejection: () => false,
  absoluteRpcUrls: (urls: string[]) => urls,
  sendWithWallet: () => Promise.reject(new Error('not in a unit test')),
  walletBalanceKey: (a: string) => ['balance', a],
}));

const order = (overrides: Partial<Order>): Order => ({
  id: '00000000-0000-4000-8000-000000000029',
  lane: 'split-key',
  pattern: 'Ab',
  position: 'prefix',
  caseSensitive: true,
  status: 'delivered',
  price: '0.01',
  probability: 1 / 3364,
  expectedAttempts: 3364,
  attempts: 3364,
  keysPerSecond: 80_000,
  chanceFoundByNow: 1,
  etaSeconds: null,
  queuePosition: null,
  waitedPastEta: false,
  closedReason: null,
  address: 'AbNNRA1dreSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSSS',
  addressId: null,
  reservedUntil: null,
  createdAt: '2026-11-27T05:00:00.000Z',
  foundAt: '2026-11-27T05:01:00.000Z',
  purchaseId: null,
  basePoint: 'BasePoint1111111111111111111111111111111111',
  base: null,
  owner: null,
  tweak: 'Tweak11111111111111111111111111111111111111',
  seed: null,
  payment: null,
  deadline: '2026-11-27T06:00:00.000Z',
  payoutSignature: null,
  refundSignatures: [],
  receipt: null,
  ...overrides,
});

/** The chain read says whether the account exists yet (`owner`), as the page's query would. */
const render = (o: Order, completion: Parameters<typeof MintStep>[0]['completion'], owner: string | null = null) =>
  textOf(
    renderStatic(<MintStep order={o} completion={completion} />, [[['chain', 'account-owner', o.address], { owner }]]),
  );

describe('MintStep', () => {
  it('shows why a split-key file cannot finish the order, and offers no mint', () => {
    const said = render(order({}), {
      ok: false,
      problem: "This file's secret is not the one this order was placed with",
    });
    expect(said).toContain("This file's secret is not the one this order was placed with");
    expect(said).not.toContain('Create my token mint');
  });

  it('sends a tab without the secret to the finish page', () => {
    const html = renderStatic(<MintStep order={order({})} completion={null} />, [
      [['chain', 'account-owner', order({}).address], { owner: null }],
    ]);
    expect(textOf(html)).toContain('Finish with my file');
    expect(html).toContain('href="/order/00000000-0000-4000-8000-000000000029/finish"');
  });

  it('offers the mint of a seed-derived address only to its base wallet, with the program fixed', () => {
    const seeded = order({
      lane: 'seed-derived',
      basePoint: null,
      tweak: null,
      seed: 'x1',
      owner: TOKEN_PROGRAM_ADDRESS,
    });
    expect(render({ ...seeded, base: 'SomeoneE1se11111111111111111111111111111111' }, null)).toContain(
      'Connect the wallet SomeoneE1se11111111111111111111111111111111',
    );
    const mine = render({ ...seeded, base: BUYER }, null);
    expect(mine).toContain(`Create my token mint at ${seeded.address}`);
    expect(mine).toContain('The address was ground for this program.');
  });

  it('offers nothing to create once the account exists on chain', () => {
    const said = render(order({}), null, TOKEN_PROGRAM_ADDRESS);
    expect(said).toContain('The account at this address exists already (owned by SPL Token)');
    expect(said).not.toContain('Finish with my file');
  });

  it('does not offer a token mint for an account another program owns', () => {
    const seeded = order({
      lane: 'seed-derived',
      seed: 'x1',
      base: BUYER,
      owner: 'Prog111111111111111111111111111111111111111',
    });
    expect(render(seeded, null)).toContain("create it with that program's own tool");
  });
});
