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

/** Every name in the page's accessibility tree but its text runs' and list bullets', the text the names are made of. */
export async function accessibleNames(page: Page): Promise<Named[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    return nodes
      .filter(
        (node) => !node.ignored && !['StaticText', 'InlineTextBox', 'ListMarker'].includes(String(node.role?.value)),
      )
      .map((node) => ({ role: String(node.role?.value), name: String(node.name?.value ?? '') }))
      .filter(({ name }) => name !== '');
  } finally {
    await cdp.detach();
  }
}

/** The names of the fields Chromium's tree marks invalid, which a screen reader says with them ("invalid entry"). */
export async function saidInvalid(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    return nodes
      .filter(
        (node) => !node.ignored && node.properties?.some((p) => p.name === 'invalid' && p.value.value !== 'false'),
      )
      .map((node) => String(node.name?.value ?? ''));
  } finally {
    await cdp.detach();
  }
}
