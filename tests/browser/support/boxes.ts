/** The boxes a visitor sees on a page, measured: whether two overlap, how wide the page scrolls, text at 200 %. */
import type { Locator, Page } from 'playwright-core';
import { openPage, type PageOptions } from './browser';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A page on a phone whose text is at 200 %: its standard font size 32 px, twice the browser's own. */
export async function openAtDoubleText(viewport: PageOptions) {
  const opened = await openPage(viewport);
  const cdp = await opened.page.context().newCDPSession(opened.page);
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32 } });
  return opened;
}

export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${String(locator)} is not shown`);
  return box;
}

export const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** How wide the page scrolls: the window's width when nothing scrolls sideways. */
export const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);
