import { config } from 'zod/v4';

/*
 * Zod compiles object parsers with `new Function` after probing whether eval is allowed. Our CSP
 * (script-src 'self') forbids it, and the probe alone makes Chromium report a CSP violation. The flag is read
 * when each object schema is built, so it must be set before any schema module runs. The browser build resolves
 * `zod` to this module (vite.config.ts), so every schema module imports it, and ES module order runs this line
 * before their bodies, wherever Zod loads: in a chunk after the first render, not in the entry
 * (docs/decisions/0014-first-paint.md).
 */
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
