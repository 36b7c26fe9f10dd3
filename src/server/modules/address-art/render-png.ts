import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { MONO_FAMILY, SANS_FAMILY } from './address-card-svg';

// The fonts come from an npm package, never the system's: the picture is the same on every machine and CI.
const require = createRequire(import.meta.url);
const FONT_DIR = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf', 'DejaVuSansMono.ttf', 'DejaVuSansMono-Bold.ttf'].map(
  (name) => path.join(FONT_DIR, name),
);

/** An SVG (from address-card-svg.ts) as PNG bytes, at the SVG's own size. */
export function renderPng(svg: string): Buffer {
  const resvg = new Resvg(svg, {
    font: {
      loadSystemFonts: false,
      fontFiles: FONT_FILES,
      defaultFontFamily: SANS_FAMILY,
      sansSerifFamily: SANS_FAMILY,
      monospaceFamily: MONO_FAMILY,
    },
    fitTo: { mode: 'original' },
  });
  return resvg.render().asPng();
}
