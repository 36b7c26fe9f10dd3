import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { craftSolana } from '@tests/helpers/rarity-fixtures';
import { SuggestedPrice } from './suggested-price';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");
const render = (address: string, pattern: string) =>
  text(renderToStaticMarkup(<SuggestedPrice address={address} pattern={pattern} onUse={() => undefined} />));

describe('SuggestedPrice', () => {
  it('prices a declared pattern by its difficulty, as the order page quotes it', () => {
    expect(render(craftSolana('', '69'), '69')).toBe('Suggested price 0.001 SOL · BASIC · 69: 1 in 3.36KUse 0.001 SOL');
    expect(render(craftSolana('', 'Zz9'), 'Zz9')).toBe(
      'Suggested price 0.01 SOL · COMMON · Zz9: 1 in 195KUse 0.01 SOL',
    );
  });

  it('offers the floor without a pattern, and nothing for an invalid address', () => {
    expect(render(craftSolana(''), '')).toBe('Suggested price 0.001 SOL · BASIC · no pattern foundUse 0.001 SOL');
    expect(render('not-an-address', '')).toBe('');
    expect(render('', '')).toBe('');
  });
});
