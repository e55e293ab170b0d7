/**
 * The names a screen reader reads, taken from Chromium's own accessibility tree
 * (Playwright's role queries compute names themselves and fold spaces, so they
 * would not hear a doubled space or a space before a colon).
 */
import type { Page } from 'playwright-core';

export interface Named {
  role: string;
  name: string;
}

/** Chromium's accessibility tree of the page, as a screen reader is given it. */
async function axTree(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    return (await cdp.send('Accessibility.getFullAXTree')).nodes;
  } finally {
    await cdp.detach();
  }
}

/** Every name in the page's accessibility tree but its text runs' and list bullets', the text the names are made of. */
export async function accessibleNames(page: Page): Promise<Named[]> {
  return (await axTree(page))
    .filter(
      (node) => !node.ignored && !['StaticText', 'InlineTextBox', 'ListMarker'].includes(String(node.role?.value)),
    )
    .map((node) => ({ role: String(node.role?.value), name: String(node.name?.value ?? '') }))
    .filter(({ name }) => name !== '');
}

/** The names of the fields Chromium's tree marks invalid, which a screen reader says with them ("invalid entry"). */
export async function saidInvalid(page: Page): Promise<string[]> {
  return (await axTree(page))
    .filter((node) => !node.ignored && node.properties?.some((p) => p.name === 'invalid' && p.value.value !== 'false'))
    .map((node) => String(node.name?.value ?? ''));
}
