/** NOTE: small, width-aware checks of what a person sees; shared by the specs. */
import type { Locator, Page } from '@playwright/test';

/** The page fits its viewport: nothing forces a sideways scroll (phones included). */
export async function hasNoSidewaysScroll(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/** Top edges of the given elements, in page order, for "side by side" versus "stacked" checks. */
export async function topsOf(locators: Locator[]): Promise<number[]> {
  const tops: number[] = [];
  for (const locator of locators) {
    const box = await locator.boundingBox();
    if (!box) throw new Error(`${locator.toString()} is not visible`);
    tops.push(Math.round(box.y));
  }
  return tops;
}

/** Links or buttons by name: the spec says "button" for things that navigate, so either role is accepted. */
export function action(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('link', { name, exact: true }).or(scope.getByRole('button', { name, exact: true }));
}

export type Box = { left: number; right: number; width: number };

/** Where an element sits, rounded to whole CSS pixels: for "lines up with" checks. */
export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} is not visible`);
  return { left: Math.round(box.x), right: Math.round(box.x + box.width), width: Math.round(box.width) };
}

/** The page's column (src/components/PageColumn.astro), its <h1>, and the room the page has beside the scrollbar. */
export async function pageColumnOf(page: Page): Promise<{ column: Box; heading: Box; pageWidth: number }> {
  const column = page.locator('main [data-page-column]');
  return {
    column: await boxOf(column),
    heading: await boxOf(column.getByRole('heading', { level: 1 })),
    pageWidth: await page.evaluate(() => document.documentElement.clientWidth),
  };
}
