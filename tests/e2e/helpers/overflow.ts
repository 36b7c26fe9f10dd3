import type { Page } from 'playwright-core';

/**
 * The elements that reach past the viewport's right edge (what makes a page scroll sideways), leaving out those
 * inside a box that scrolls or clips itself, as `tag.class` for a readable failure.
 */
export function elementsPastViewport(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const clipped = (el: Element | null): boolean =>
      el !== null &&
      el !== document.body &&
      (['auto', 'scroll', 'hidden', 'clip'].includes(getComputedStyle(el).overflowX) || clipped(el.parentElement));
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(el.parentElement))
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className)}`.slice(0, 120));
  });
}
