import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { chromiumBinary, type ChromiumBinary } from './chromium';

// Without the background-networking flags Chromium keeps trying to reach Google services and misbehaves on
// a closed network.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  // Debian's launcher turns GPU rasterization on, which without a GPU rasterizes through a software GL: a test file
  // took 17% more CPU with it (trust.e2e, three runs each, 2026-11-29).
  '--disable-gpu-rasterization',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function launchBrowser(binary?: ChromiumBinary): Promise<Browser> {
  const { executablePath, env } = binary ?? (await chromiumBinary());
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, env: { ...process.env, ...env } });
}

export const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Chromium itself logs every non-2xx fetch as a console error. Only this answer is part of the API contract the
 * app meets in normal use, so only it is tolerated: 409 from PATCH …/verify while the chain has not confirmed a
 * payment yet (docs/decisions/0003). "Nobody signed in" and an unknown address or transaction are 200 answers to
 * the app's own reads (session-status, addresses/lookup, transactions/lookup: docs/decisions/0008).
 */
const EXPECTED_ANSWERS: ReadonlyArray<{ status: string; path: RegExp }> = [
  { status: '409', path: /^\/api\/transactions\/[^/]+\/verify$/ },
];

function isExpectedNetworkError(text: string, url: string) {
  if (!text.startsWith('Failed to load resource')) return false;
  const pathname = new URL(url, 'http://x').pathname;
  return EXPECTED_ANSWERS.some((a) => text.includes(`status of ${a.status}`) && a.path.test(pathname));
}

export interface PageOptions {
  baseURL: string;
  viewport?: { width: number; height: number };
  /**
   * Console errors the test provokes on purpose (a network failure or a 5xx it injects), matched against
   * "text (url)". Everything else still fails the test.
   */
  tolerate?: ReadonlyArray<RegExp>;
  userAgent?: string;
}

/**
 * Runs `fn` with a fresh context and page, then fails if the page logged a console error or threw
 * (STYLE: a console.error during a test is a failure). The context is always closed.
 */
export async function withPage<T>(
  browser: Browser,
  options: PageOptions,
  fn: (page: Page, context: BrowserContext) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    viewport: options.viewport ?? VIEWPORTS.desktop,
    permissions: ['clipboard-read', 'clipboard-write'],
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error' || isExpectedNetworkError(message.text(), message.location().url)) return;
    const line = `${message.text()} (${message.location().url})`;
    if (!options.tolerate?.some((pattern) => pattern.test(line))) errors.push(`console.error: ${line}`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  try {
    const result = await fn(page, context);
    if (errors.length) throw new Error(`The page reported errors:\n${errors.join('\n')}`);
    return result;
  } finally {
    await context.close();
  }
}
