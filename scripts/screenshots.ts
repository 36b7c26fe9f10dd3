/**
 * Screenshots of every route at 1280 and 390 px into docs/screenshots/<route>-<width>.png, plus the wallet
 * picker and a connected header. Run: `sh scripts/node.sh node --import tsx scripts/screenshots.ts`.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import buildWebIfStale from '../tests/e2e/global-setup';
import { startAppServer } from '../tests/e2e/helpers/app-server';
import { launchBrowser } from '../tests/e2e/helpers/browser';
import { shootPage, viewportOf } from './screenshot-page';
import { newKeypair } from '../tests/helpers/keypair';
import { installTestWallet, TEST_WALLET_NAME } from '../tests/e2e/helpers/test-wallet';

const OUT = fileURLToPath(new URL('../docs/screenshots/', import.meta.url));
const WIDTHS = [1280, 390];
const ROUTES: Array<[name: string, path: string]> = [
  ['home', '/'],
  ['marketplace', '/marketplace'],
  ['create-listing', '/create-listing'],
  ['secure-transaction', '/secure-transaction/00000000-0000-0000-0000-000000000000'],
  ['transaction', '/transaction/00000000-0000-4000-8000-000000000000'],
  ['profile', '/profile'],
  ['address', '/address/Vau1t11111111111111111111111111111111111111'],
  ['order', '/order'],
  ['bids', '/bids'],
  ['shop', '/shop'],
  ['verify-receipt', '/verify-receipt'],
  ['terms-of-service', '/terms-of-service'],
  ['not-found', '/no-such-page'],
];

buildWebIfStale();
await mkdir(OUT, { recursive: true });
// Demo listings, so the browsing screens show data (the address page uses the first listing found).
const [server, browser] = await Promise.all([startAppServer({ env: { DEMO_DATA: 'true' } }), launchBrowser()]);
const demo = (await fetch(`${server.url}/api/addresses/search?pageSize=20`).then((r) => r.json())) as {
  addresses: Array<{ address: string }>;
};
const firstAddress = demo.addresses[0]?.address;
if (firstAddress) {
  const entry = ROUTES.find(([name]) => name === 'address');
  if (entry) entry[1] = `/address/${encodeURIComponent(firstAddress)}`;
  ROUTES.push(['address-not-found', '/address/Vau1t11111111111111111111111111111111111111']);
}
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ baseURL: server.url, viewport: viewportOf(width) });
    const page = await context.newPage();
    const wallet = await installTestWallet(page, newKeypair());
    for (const [name, path] of ROUTES) await shootPage(page, path, `${OUT}${name}-${width}.png`);
    if (firstAddress) {
      await page.goto('/');
      await page.getByLabel('Address', { exact: true }).fill(firstAddress);
      await page.getByRole('button', { name: 'Validate & Check Rarity' }).click();
      await page.getByRole('heading', { name: 'Valid Address' }).waitFor();
      await page.locator('#validator').screenshot({ path: `${OUT}validator-${width}.png` });
    }
    await page.goto('/');
    await page.getByRole('button', { name: 'Connect Wallet' }).click();
    const picker = page.getByRole('dialog', { name: 'Connect a wallet' });
    await picker.waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}wallet-picker-${width}.png` });
    await picker.getByRole('button', { name: new RegExp(TEST_WALLET_NAME) }).click();
    await page.getByText('Wallet Connected!', { exact: true }).waitFor();
    await page.waitForTimeout(400); // let the toast's entrance and the button's colour transition finish
    await page.screenshot({ path: `${OUT}wallet-connected-${width}.png` });
    console.log(`${width} px: ${ROUTES.length + 2} screenshots (test wallet ${wallet.address.slice(0, 4)}…)`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
