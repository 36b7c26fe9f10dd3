import { z } from 'zod';

/*
 * Zod compiles object parsers with `new Function` after probing whether eval is allowed. Our CSP
 * (script-src 'self') forbids it, and the probe alone makes Chromium report a CSP violation. The flag is read
 * when each object schema is built, so this module must be imported before any schema module (main.tsx, first).
 */
z.config({ jitless: true });
