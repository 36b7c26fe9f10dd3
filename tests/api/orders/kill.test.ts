import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@shared/api/orders';
import { Client, eventually, FaultServer } from '@tests/helpers/fault-server';
import { shopWalletEnv } from '@tests/helpers/orders';

/**
 * A custom order survives a SIGKILL of the grinding server (docs/domain.md#custom-orders): the order stays `grinding`
 * under the dead instance's lease, the lease runs out, and the restarted server takes it over and keeps counting
 * attempts where the dead one last recorded them. After that the restarted grinder still finds and lists orders.
 */

let server: FaultServer;
let buyer: Client;

beforeAll(async () => {
  // One grinder thread; a 2 s lease so the dead instance's claim runs out quickly.
  const shop = shopWalletEnv();
  server = await FaultServer.create([shop.SHOP_WALLET], {
    SHOP_WALLET: shop.SHOP_WALLET,
    GRIND_WORKERS: '1',
    ORDER_LEASE_SECONDS: '2',
    ORDER_MAX_EXPECTED_ATTEMPTS: '1000000000',
  });
  await server.start();
  buyer = await Client.signIn(server);
  await server.airdrop(buyer.walletAddress, 100_000_000_000n); // an order needs a wallet that can pay for it
}, 180_000);

afterAll(async () => {
  await server?.close();
});

const orderOf = async (id: string) => (await buyer.call('GET', `/api/orders/${id}`)).body as unknown as Order;

describe('SIGKILL while an order grinds, then a restart', { timeout: 180_000 }, () => {
  it('the restarted server takes the lease over and grinding resumes from the recorded attempts', async () => {
    // ≈1 in 195 million: it is still grinding whenever the server is killed.
    const placed = await buyer.call('POST', '/api/orders', { pattern: 'zzzz', position: 'prefix' });
    expect(placed.status).toBe(201);
    const id = placed.body.id as string;
    await eventually('grinding with recorded attempts', async () => {
      const o = await orderOf(id);
      return o.status === 'grinding' && o.attempts > 0 ? o : undefined;
    });

    await server.kill();
    const before = await server.whileDown(async (db) => {
      const [row] = await db.query<{ status: string; attempts: string; lease_owner: string | null }>(
        'select status, attempts::text, lease_owner from custom_orders where id = $1',
        [id],
      );
      return row!;
    });
    expect(before.status).toBe('grinding');
    expect(before.lease_owner).not.toBeNull();
    expect(Number(before.attempts)).toBeGreaterThan(0);

    await server.start();
    const resumed = await eventually(
      'attempts counted past the dead instance',
      async () => {
        const o = await orderOf(id);
        return o.status === 'grinding' && o.attempts > Number(before.attempts) ? o : undefined;
      },
      60_000,
    );
    expect(resumed.chanceFoundByNow).toBeGreaterThan(0);
    expect((await buyer.call('POST', `/api/orders/${id}/cancel`, {})).body.status).toBe('cancelled');

    await server.kill();
    const owners = await server.whileDown(async (db) =>
      db.query<{ lease_owner: string | null }>('select lease_owner from custom_orders where id = $1', [id]),
    );
    expect(owners[0]?.lease_owner).toBeNull(); // cancelled: nobody holds it
    await server.start();

    // The restarted grinder finds and lists a new order end to end.
    const easy = await buyer.call('POST', '/api/orders', { pattern: 'Ab', position: 'prefix' });
    expect(easy.status).toBe(201);
    const found = await eventually(
      'the easy order found',
      async () => {
        const o = await orderOf(easy.body.id as string);
        return o.status === 'found' ? o : undefined;
      },
      60_000,
    );
    expect(found.address).toMatch(/^Ab/);
  });
});
