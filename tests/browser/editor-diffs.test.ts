/**
 * What a save in the editor changes in the repository, as the agency reviews
 * it: one field changed in /admin (the real `sitegen dev`, its real local
 * backend writing a copy of the project, Decap CMS in Chromium) and
 * published is one line changed in `git diff`, in the site's facts, the
 * trades, an article and a legal page; a field emptied, its line alone taken
 * out. And a save the build refuses leaves no uncaught error in the page.
 * The editor is opened once; each test changes an entry of its own.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/dev-server';
import { copyProject, type ProjectCopy } from '../support/project-copy';
import { field, notification, openEditor, publish, type Editor } from './support/editor';

let project: ProjectCopy;
let dev: DevServer;
let editor: Editor;

/** An article that says when it last changed, as the repository has it before the marketer's edits. */
const updatedArticle = 'blog/local-seo-tips.md';

const run = promisify(execFile);

/** git in the project's copy, as the agency's reviewer runs it. */
async function git(...args: string[]): Promise<string> {
  const identity = ['-c', 'user.name=Marketer', '-c', 'user.email=marketer@example.com', '-c', 'commit.gpgsign=false'];
  return (await run('git', [...identity, ...args], { cwd: project.dir })).stdout;
}

beforeAll(async () => {
  project = await copyProject();
  const article = join(project.dir, 'content', updatedArticle);
  await writeFile(article, (await readFile(article, 'utf8')).replace(/^(date: .*\n)/m, '$1updated: "2024-11-20"\n'));
  await git('init', '--quiet');
  await git('add', 'content');
  await git('commit', '--quiet', '-m', 'The site as the marketer finds it');
  dev = await startDevServer({ root: project.dir, port: 0, host: '127.0.0.1', leadsDir: null, log: () => {} });
  editor = await openEditor(dev.url);
}, 120_000);
afterAll(async () => {
  await dev?.close();
  await project?.remove();
});

// Each test starts from a clean working tree, whatever the one before it left.
beforeEach(async () => {
  await git('commit', '--quiet', '--allow-empty', '-am', 'What the test before left');
});

/** What the test's save changed, as `git diff --numstat` tells it: lines added, lines removed, file. */
async function savedChanges(): Promise<string[]> {
  return (await git('diff', '--numstat')).trim().split('\n');
}

/** What the test's save changed, as `git diff -U0` shows it. */
const savedLines = () => git('diff', '-U0');

async function saved(page: Page) {
  await publish(page);
  expect(await notification(page)).toBe('Entry saved');
}

// Each step waits for the editor, which a busy machine takes its time over.
describe('a save in the editor, as git sees it', { timeout: 60_000 }, () => {
  it('changes the phone number’s line alone in site.json', async () => {
    const { page, problems } = await editor.at('/collections/site/entries/facts');
    await field(page, 'Phone number').fill('0808 157 0200');
    await saved(page);
    expect(await savedChanges()).toEqual(['1\t1\tcontent/site.json']);
    expect(await savedLines()).toContain('-  "phone": "0808 157 0192",\n+  "phone": "0808 157 0200",');
    expect(problems()).toEqual([]);
  });

  it('changes one word of the plumber’s description on its line alone in trades.json', async () => {
    const { page, problems } = await editor.at('/collections/lists/entries/trades');
    // The plumber's entry in the list: what holds the name it is listed by.
    const plumber = page.getByText('Plumber', { exact: true }).locator('..');
    // Opened by the arrow first in its bar, once the form of 27 trades is drawn: a busy machine takes a while over it.
    await plumber.getByRole('button').first().click({ timeout: 60_000 });
    const description = field(plumber, 'Description').first();
    const text = await description.inputValue();
    await description.fill(text.replace('burst pipes', 'frozen pipes'));
    await saved(page);
    expect(await savedChanges()).toEqual(['1\t1\tcontent/trades.json']);
    expect(problems()).toEqual([]);
  }, 120_000);

  it('changes one word of an article’s title on its line alone', async () => {
    const { page, problems } = await editor.at('/collections/articles/entries/digital-marketing-roi');
    await field(page, 'Title').fill('Is Your Marketing Paying Off? Measuring Returns for Trades');
    await saved(page);
    expect(await savedChanges()).toEqual(['1\t1\tcontent/blog/digital-marketing-roi.md']);
    expect(problems()).toEqual([]);
  });

  it('changes a legal page’s description on its line alone', async () => {
    const { page, problems } = await editor.at('/collections/legal/entries/privacy-policy');
    const description = field(page, 'Description');
    await description.fill(`${await description.inputValue()} Read it in five minutes.`);
    await saved(page);
    expect(await savedChanges()).toEqual(['1\t1\tcontent/legal/privacy-policy.md']);
    expect(problems()).toEqual([]);
  });

  it('takes an emptied field’s line out, and nothing else', async () => {
    const { page, problems } = await editor.at('/collections/articles/entries/local-seo-tips');
    const updated = page.getByLabel('datetime field').filter({ has: page.getByText(/^Updated/) });
    await updated.getByRole('button', { name: 'Clear' }).click();
    await saved(page);
    expect(await savedChanges()).toEqual([`0\t1\tcontent/${updatedArticle}`]);
    expect(await savedLines()).toMatch(/^-updated: "2024-11-20"$/m);
    expect(problems()).toEqual([]);
  });

  it('refuses a save the build would refuse in its notification alone: no uncaught error in the page, nothing written', async () => {
    const { page, problems } = await editor.at('/collections/legal/entries/terms-of-service');
    await field(page, 'Title').fill('');
    await publish(page);
    const refusal = 'content/legal/terms-of-service.md: front matter: title: is missing: expected a text';
    expect(await notification(page)).toBe(`Failed to persist entry: ${refusal}`);
    expect(await git('diff', '--numstat')).toBe('');
    // Decap logs the failed save to the console itself, as it logs every failure: that stays, and is all.
    expect(problems().map((problem) => problem.split('\n')[0])).toEqual([`error: Error: ${refusal}`]);
  });
});
