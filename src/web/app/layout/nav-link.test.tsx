import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { NavLink } from './nav-link';

const link = (at: string, to: string, end?: boolean) =>
  renderToStaticMarkup(
    <Router ssrPath={at}>
      <NavLink to={to} end={end} className={({ isActive }) => (isActive ? 'on' : 'off')}>
        Shop
      </NavLink>
    </Router>,
  );

describe('NavLink', () => {
  it('marks its own page and the pages under it as current', () => {
    expect(link('/shop', '/shop')).toBe('<a aria-current="page" href="/shop" class="on">Shop</a>');
    expect(link('/shop/settlement', '/shop')).toContain('aria-current="page"');
  });

  it('does not mark a page that only starts with the same letters, nor one under it with `end`', () => {
    expect(link('/shopping', '/shop')).toBe('<a href="/shop" class="off">Shop</a>');
    expect(link('/shop/settlement', '/shop', true)).not.toContain('aria-current');
    expect(link('/shop', '/shop', true)).toContain('aria-current="page"');
  });
});
