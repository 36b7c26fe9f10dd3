import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TotalBadge } from './toolbar';

const text = (html: string) => html.replace(/<[^>]+>/g, '');

describe('TotalBadge', () => {
  it('shows an exact total with the right noun', () => {
    expect(text(renderToStaticMarkup(<TotalBadge total={1} />))).toBe('1 address');
    expect(text(renderToStaticMarkup(<TotalBadge total={12345} />))).toBe('12,345 addresses');
  });

  it('marks a total the server stopped counting as a lower bound', () => {
    expect(text(renderToStaticMarkup(<TotalBadge total={1000} exact={false} />))).toBe('1,000+ addresses');
  });

  it('keeps its place before the first answer, hidden from sight and from screen readers', () => {
    const markup = renderToStaticMarkup(<TotalBadge total={undefined} />);
    expect(markup).toMatch(/^<span [^>]*aria-hidden="true"/);
    expect(markup).toMatch(/class="[^"]*\binvisible\b/);
  });
});
