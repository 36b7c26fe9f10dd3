import type { Locator, Page } from 'playwright-core';

/*
 * The Local Dev Wallet asks before it signs a transaction, like a real wallet. A test that pays
 * with it approves (or rejects) here, in one place, instead of relying on a wallet that signs by itself.
 */

/** The wallet's confirmation dialog, once it asks. */
export function localDevWalletPrompt(page: Page): Locator {
  return page.getByRole('dialog', { name: 'Local Dev Wallet: approve transaction' });
}

/** Connects the Local Dev Wallet through the header (local mode; the first connect tops it up from the faucet). */
export async function connectLocalDevWallet(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: /Local Dev Wallet/ })
    .click();
  await page.getByRole('banner').getByTestId('wallet-balance').filter({ visible: true }).waitFor({ timeout: 30_000 });
}

/** Waits for the wallet to ask, then approves; returns the review text it showed. */
export async function approveInLocalDevWallet(page: Page): Promise<string> {
  const prompt = localDevWalletPrompt(page);
  await prompt.waitFor({ timeout: 30_000 });
  const review = (await prompt.getByTestId('dev-wallet-review').textContent()) ?? '';
  await prompt.getByRole('button', { name: 'Approve' }).click();
  await prompt.waitFor({ state: 'detached' });
  return review;
}

/** Waits for the wallet to ask, then rejects, like a user pressing Reject. */
export async function rejectInLocalDevWallet(page: Page): Promise<void> {
  const prompt = localDevWalletPrompt(page);
  await prompt.waitFor({ timeout: 30_000 });
  await prompt.getByRole('button', { name: 'Reject' }).click();
  await prompt.waitFor({ state: 'detached' });
}
