import { describe, expect, it } from 'vitest';
import { craftSolana } from '@tests/helpers/rarity-fixtures';
import { analyzeAddress } from '.';
import { loadEnglishWordIndex } from './english-words';

describe('the English word list', () => {
  it('indexes the list from the npm registry', () => {
    const english = loadEnglishWordIndex();
    for (const word of ['vault', 'luck', 'refunds']) expect(english.has(word)).toBe(true);
    expect(english.has('xqzt')).toBe(false);
  });

  it('is what the server entry finds words with (the browser entry finds none: src/shared/rarity/browser-safety.test.ts)', () => {
    expect(analyzeAddress(craftSolana('GoodLuck')).category).toBe('word-like');
  });
});
