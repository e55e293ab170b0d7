/**
 * The `sitegen dev` a browser test file shares: dev on a copy of the project's
 * content (support/dev-copy.ts), started before the file's tests and stopped
 * after them; after each test its pages closed and the article the tests edit
 * put back as the content has it. And the edits the tests make in it.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import type { DevServer } from '../../../src/dev/dev-server';
import { projectRoot } from '../../support/cli';
import { closePages } from './browser';
import { devOnContentCopy, openDevPage as openListening, saveWhole, type DevCopy } from './dev-copy';

// Set by useDevOnContentCopy's beforeAll for the file that called it: an import of them reads what is set now (an ES
// module's exports are live), so a test reads them by name as a file's own would be read.
export let dev: DevServer;
/** The copy's content folder. */
export let content: string;
/** What dev has said in its terminal, line by line, since it started for this file. */
export const lines: string[] = [];

/** The article the tests edit, in the copy. */
export const article = () => join(content, 'blog', 'google-ads-guide.md');

/** The article edited and saved whole, as editors that save atomically do. */
export const edit = (change: (text: string) => string) => saveWhole(article(), change);

/** A file of the content saved whole, as `edit` saves the article. */
export const save = (file: string, text: string) => saveWhole(join(content, file), () => text);

/** A page of dev opened at `path`, once its reload client listens. */
export const openDevPage = (path: string) => openListening(dev, path);

/** The contact page's heading changed to `heading` (its own words, in content/pages/contact.json), and shown in `page`. */
export async function editContactHeading(page: Page, heading: string) {
  const text = await readFile(join(content, 'pages', 'contact.json'), 'utf8');
  await save('pages/contact.json', text.replace(/("heading": )"Let's Grow Your Business Together"/, `$1"${heading}"`));
  await page.waitForFunction((heading) => document.querySelector('h1')?.textContent === heading, heading, {
    timeout: 10_000,
  });
}

/**
 * Starts dev for the test file that calls this at its top level; `env`, the environment it starts in (as a .env
 * holds it), and `leads`, a lead database of its own on disk rather than none.
 */
export function useDevOnContentCopy(options: { env?: Record<string, string>; leads?: boolean } = {}): void {
  let copy: DevCopy | undefined;
  beforeAll(async () => {
    lines.length = 0;
    for (const [name, value] of Object.entries(options.env ?? {})) vi.stubEnv(name, value);
    copy = await devOnContentCopy({ leads: options.leads, log: (line) => lines.push(line) }).finally(() =>
      vi.unstubAllEnvs(),
    );
    ({ dev, content } = copy);
  });
  // Each test starts from the article as the content has it, whichever ran before; its pages closed. A page left open
  // listens on: it would be told of every later test's edits, and fetch and swap in its page again at each.
  afterEach(async () => {
    await closePages();
    const original = await readFile(join(projectRoot, 'content', 'blog', 'google-ads-guide.md'), 'utf8');
    if ((await readFile(article(), 'utf8')) === original) return;
    await edit(() => original);
    await dev.idle();
  });
  afterAll(() => copy?.remove());
}
