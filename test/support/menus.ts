import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

/**
 * What a person needs from an open menu, dropdown or popover: every item lies inside the viewport and is
 * the element actually under its own centre (elementFromPoint), so an item clipped by a scrolling table or
 * covered by another layer fails here instead of only in a reader's hands. Call it with the open menu's
 * items, e.g. `expectMenuItemsClickable(page.getByRole('menuitem'))`; it returns the items' texts.
 */
export async function expectMenuItemsClickable(items: Locator, options: { atLeast?: number } = {}): Promise<string[]> {
  await items.first().waitFor({ state: 'visible' });
  const count = await items.count();
  expect(count, 'menu items').toBeGreaterThanOrEqual(options.atLeast ?? 1);
  const texts: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const item = items.nth(index);
    const verdict = await item.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const label = (element.textContent ?? '').trim();
      if (box.width < 1 || box.height < 1) return { label, problem: `has no size (${box.width}x${box.height})` };
      const inViewport = box.left >= 0 && box.top >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
      if (!inViewport) {
        return { label, problem: `lies outside the ${window.innerWidth}x${window.innerHeight} viewport (${Math.round(box.left)},${Math.round(box.top)} to ${Math.round(box.right)},${Math.round(box.bottom)})` };
      }
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      // The item itself, a part of it (its label, icon) or the element it wraps counts as the item.
      if (!hit || !(element.contains(hit) || hit.contains(element))) {
        const other = hit ? `${hit.tagName.toLowerCase()}${hit.className && typeof hit.className === 'string' ? `.${hit.className.split(/\s+/).slice(0, 2).join('.')}` : ''} "${(hit.textContent ?? '').trim().slice(0, 40)}"` : 'nothing';
        return { label, problem: `is covered or clipped: the element under its centre is ${other}` };
      }
      // Clipped by an ancestor that hides overflow: the visible part must hold the whole item.
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflow === 'visible' && style.overflowX === 'visible' && style.overflowY === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        if (box.left < clip.left - 1 || box.right > clip.right + 1 || box.top < clip.top - 1 || box.bottom > clip.bottom + 1) {
          return { label, problem: `is clipped by an ancestor with overflow ${style.overflow} (${parent.tagName.toLowerCase()}.${String(parent.className).split(/\s+/)[0]})` };
        }
      }
      return { label, problem: '' };
    });
    expect(verdict.problem, `menu item "${verdict.label}"`).toBe('');
    texts.push(verdict.label);
  }
  return texts;
}
