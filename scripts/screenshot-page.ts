import type { Page } from 'playwright-core';

/** The window the screenshot scripts shoot at: a desktop, or a phone's height below 600 px wide. */
export const viewportOf = (width: number) => ({ width, height: width > 600 ? 800 : 844 });

/**
 * Opens `path` and shoots the whole page into `file` once it has settled: its heading drawn, the network quiet, and
 * a moment for transitions to finish.
 */
export async function shootPage(page: Page, path: string, file: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  await page.screenshot({ path: file, fullPage: true });
}
