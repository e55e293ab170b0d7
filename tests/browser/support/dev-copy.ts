/**
 * `sitegen dev` on a copy of the project's content alone (the rest of the project read where it is), for tests that
 * edit the content as the agency does; a page of it opened once its reload client listens; a file saved as editors save.
 */
import { cp, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { startDevServer, type DevServer } from '../../../src/dev/dev-server';
import { projectRoot } from '../../support/cli';
import { copyLeadDatabase } from '../../support/migrated-leads';
import { openPage, wide } from './browser';
import { testLeadSettings } from './preview';

export interface DevCopy {
  dev: DevServer;
  /** The copy's content folder. */
  content: string;
  remove(): Promise<void>;
}

/**
 * `prepare` edits the copy before dev starts; `log` hears dev's terminal lines. The lead database in memory, or with
 * `leads` a copy of the one the real migrations made for this run, on disk (migrating one anew costs more than a test).
 */
export async function devOnContentCopy(options: {
  prepare?: (content: string) => Promise<void>;
  log?: (line: string) => void;
  leads?: boolean;
}): Promise<DevCopy> {
  const content = join(await mkdtemp(join(tmpdir(), 'sitegen-dev-copy-')), 'content');
  await cp(join(projectRoot, 'content'), content, { recursive: true, preserveTimestamps: true });
  await options.prepare?.(content);
  const leads = options.leads ? await copyLeadDatabase() : undefined;
  const dev = await startDevServer({
    root: projectRoot,
    content,
    port: 0,
    host: '127.0.0.1',
    leadsDir: leads?.dir ?? null,
    leadSettings: leads ? testLeadSettings : undefined,
    log: options.log ?? (() => {}),
  });
  return {
    dev,
    content,
    remove: async () => {
      await dev.close();
      await leads?.remove();
      await rm(join(content, '..'), { recursive: true, force: true });
    },
  };
}

/** Opens a page and waits until its reload client listens, so no rebuild event is missed. */
export async function openDevPage(dev: DevServer, path: string) {
  const opened = await openPage(wide);
  const before = dev.pagesListening();
  await opened.page.goto(`${dev.url}${path}`);
  await expect.poll(() => dev.pagesListening(), { timeout: 10_000 }).toBeGreaterThan(before);
  return opened;
}

/**
 * A file edited and saved whole, written beside it and renamed over it, as editors that save atomically do: a file
 * truncated then written can be read by the dev server in between, empty, and rebuilt twice.
 */
export async function saveWhole(file: string, change: (text: string) => string): Promise<void> {
  const beside = join(dirname(file), `.${basename(file)}.tmp`);
  await writeFile(beside, change(await readFile(file, 'utf8')));
  await rename(beside, file);
}

/** Waits until `page` shows dev's error page, as an open page does by itself after a save that breaks the site. */
export async function errorShown(page: Page): Promise<void> {
  const heading = 'Unexpected Application Error!';
  await page.waitForFunction((heading) => document.querySelector('h1')?.textContent === heading, heading, {
    timeout: 10_000,
  });
}
