/**
 * The editor at /admin as a marketer works it, in Chromium: opened and
 * signed in once for a test file, each test going to its own entry from
 * the editor's home, a field found by its label, an entry published, and
 * the message Decap shows after a save.
 */
import type { Locator, Page } from 'playwright-core';
import { openPage, wide } from './browser';

/** Decap's question before it leaves an entry with changes not saved. */
const leavePage = 'Are you sure you want to leave this page?';

export interface Editor {
  page: Page;
  /**
   * Goes to `route` (the editor's hash route: its home, or an entry or a new one in a collection) in the same page, as
   * a marketer goes from one entry to another: by the collection's list, where Decap loads its entries, and the link
   * there. With the console errors and page errors seen from then on.
   */
  at(route: string): Promise<{ page: Page; problems: () => string[] }>;
}

/**
 * The editor of the dev server at `devUrl`, signed in to the local backend (Decap's "Login" for it asks nothing): one
 * page for a test file, as Decap's script is some 5 MB for the browser to compile. Fails with what the page showed if
 * it logged an error while it opened.
 */
export async function openEditor(devUrl: string): Promise<Editor> {
  const { page, problems } = await openPage(wide);
  // A step that cannot happen fails at once, naming itself, well within the test's time.
  page.setDefaultTimeout(30_000);
  // What a test left unsaved (a save refused) is left behind for the next test's entry; no backup of it is restored.
  page.on('dialog', (dialog) => void (dialog.message() === leavePage ? dialog.accept() : dialog.dismiss()));
  // On a busy machine compiling Decap alone can take longer than a step.
  await page.goto(`${devUrl}/admin/#/`, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Login' }).click({ timeout: 30_000 });
  const home = page.getByRole('link', { name: 'Articles', exact: true });
  await home.waitFor({ timeout: 30_000 });
  if (problems.length > 0) throw new Error(`the editor opened with problems:\n${problems.join('\n')}`);
  return {
    page,
    at: async (route) => {
      const from = problems.length;
      const collection = /^\/collections\/[^/]+/.exec(route)?.[0];
      // Straight from another entry's form to one of a collection it has not listed yet, Decap fails on an entry it lacks.
      await page.goto(`${devUrl}/admin/#${collection ?? '/'}`);
      if (collection && route !== collection) await page.locator(`a[href="#${route}"]`).first().click();
      else await home.waitFor();
      return { page, problems: () => problems.slice(from) };
    },
  };
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
  // The message after this save is the only one shown: any earlier one has gone (Decap's go by themselves).
  await page.locator('.Toastify__toast').first().waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
}

/** The message Decap shows in its notification after a save: "Entry saved", or why it was not. Closed once read. */
export async function notification(page: Page): Promise<string> {
  const toast = page.locator('.Toastify__toast').last();
  await toast.waitFor();
  // Read and closed at once, by its close button: it slides in, and closes by itself after a few seconds.
  const message = await toast.evaluate((element: HTMLElement) => {
    const text = element.innerText.trim();
    element.querySelector('button')?.click();
    return text;
  });
  await page.locator('.Toastify__toast').first().waitFor({ state: 'detached' });
  return message;
}
