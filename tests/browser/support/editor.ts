/**
 * The editor at /admin as a marketer works it, in Chromium: opened and
 * signed in, a field found by its label, an entry published, and the message
 * Decap shows after a save.
 */
import type { Locator, Page } from 'playwright-core';
import { openPage, wide, type WatchedPage } from './browser';

/** The editor of the dev server at `devUrl`, signed in to the local backend (Decap's "Login" for it asks nothing), at `route` (its hash route). */
export async function openEditor(devUrl: string, route: string): Promise<WatchedPage> {
  const opened = await openPage(wide);
  // A step that cannot happen fails at once, naming itself, well within the test's time.
  opened.page.setDefaultTimeout(10_000);
  // Decap's script is some 5 MB for the browser to compile: on a busy machine that alone can take longer than a step.
  await opened.page.goto(`${devUrl}/admin/#${route}`, { timeout: 40_000 });
  await opened.page.getByRole('button', { name: 'Login' }).click();
  return opened;
}

/**
 * A field of the form (or of a part of it) by its label as the editor shows it. Decap marks every field "(optional)", as it checks none
 * itself (the build's rules do), and the editor hides its mark: a label's text still has it.
 */
export function field(page: Page | Locator, label: string) {
  const escaped = label.replace(/[()]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}( \\(optional\\))*$`));
}

/** Decap's "Publish now": with the local backend, the entry's file (and its new photos) written to the working tree. */
export async function publish(page: Page) {
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
}

/** The message Decap shows in its notification after a save: "Entry saved", or why it was not. */
export async function notification(page: Page): Promise<string> {
  const toast = page.locator('.Toastify__toast').last();
  await toast.waitFor();
  return (await toast.innerText()).trim();
}
