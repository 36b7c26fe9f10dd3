/**
 * The English word list for the rarity model, on the server only: it pulls in the 3 MB `an-array-of-english-words`
 * list and node:module, which the browser must never load. Server code imports `@server/rarity`, which imports this
 * file for its side effect.
 *
 * Importing registers a loader; the list itself is read and indexed (~275,000 words, tens of milliseconds)
 * only on the first word lookup, so a process that never analyses an address never pays for it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createWordIndex, registerWordSource, type WordIndex } from '@shared/rarity';

// Synchronous: analyzeAddress is synchronous and runs in tight bulk loops.
const require = createRequire(import.meta.url);

export function loadEnglishWordIndex(): WordIndex {
  // Parsed, not require()d: the index keeps its own compact copy, and the module cache would keep the 275,000
  // strings alive (≈10 MB) in every process and bulk worker.
  const words = JSON.parse(readFileSync(require.resolve('an-array-of-english-words'), 'utf8')) as string[];
  return createWordIndex(words);
}

registerWordSource(loadEnglishWordIndex);
