import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

describe('lazyPage', () => {
  it('renders a preloaded page at once, and loads its chunk only once', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads++;
      return () => <h1>Marketplace</h1>;
    });
    await Promise.all([Page.preload(), Page.preload()]);
    expect(renderToStaticMarkup(<Page />)).toBe('<h1>Marketplace</h1>');
    await Page.preload();
    expect(loads).toBe(1);
  });

  it('asks again for a chunk that failed to load', async () => {
    let attempt = 0;
    const Page = lazyPage(async () => {
      if (++attempt === 1) throw new Error('offline');
      return () => <p>back online</p>;
    });
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(renderToStaticMarkup(<Page />)).toBe('<p>back online</p>');
  });
});
