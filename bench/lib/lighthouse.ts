import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type Config } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { freePort } from '../../tests/helpers/server-process';
import { chromiumBinary } from '../../tests/e2e/helpers/chromium';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type FormFactor = 'mobile' | 'desktop';

/** One Lighthouse run's figures: category scores 0–100, LCP and TBT in ms, CLS unitless. */
export interface LighthouseRun {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  tbt: number;
  cls: number;
  fcp: number;
  /** Weighted accessibility, best-practices and SEO audits below full marks, to explain a miss. */
  failing: string[];
}

/** Debian's Chromium (or the packaged fallback of tests/e2e/helpers/chromium.ts), `--headless=new`, with a remote-debugging port Lighthouse drives. */
export async function startChromium(): Promise<{ port: number; stop: () => Promise<void> }> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'vv-lighthouse-'));
  const { executablePath, env } = await chromiumBinary();
  const child = spawn(
    executablePath,
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      `--user-data-dir=${profile}`,
      `--remote-debugging-port=${port}`,
      'about:blank',
    ],
    { stdio: 'ignore', env: { ...process.env, ...env } },
  );
  for (let i = 0; i < 100; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/json/version`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Lighthouse could not record the page (a trace without a navigation start, say): no figure was measured. */
export class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`Lighthouse: ${code} ${message}`);
  }
}

/** Lighthouse's own mobile defaults (Moto G Power, slow 4G, 4× CPU slowdown, simulated) or its desktop config. */
export async function runLighthouse(url: string, port: number, formFactor: FormFactor): Promise<LighthouseRun> {
  const config: Config | undefined = formFactor === 'desktop' ? (desktopConfig as Config) : undefined;
  const result = await lighthouse(
    url,
    { port, onlyCategories: [...CATEGORIES], output: 'json', logLevel: 'error' },
    config,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new LighthouseRuntimeError(lhr.runtimeError.code, lhr.runtimeError.message);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failing: string[] = [];
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (c !== 'performance' && ref.weight > 0 && audit && audit.score !== null && audit.score < 1) {
        failing.push(`${c}: ${audit.id}`);
      }
    }
  }
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as LighthouseRun['scores'],
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    fcp: numeric('first-contentful-paint'),
    failing,
  };
}
