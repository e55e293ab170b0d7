/**
 * What a save in the editor changes in the repository, as the agency reviews
 * it: one field changed and published is one line changed in `git diff`; a
 * field emptied, its line alone taken out; a save or a delete the build would
 * refuse, refused in its words with nothing written. The real `sitegen dev`
 * and Decap CMS in Chromium, opened once for the file (support/editor.ts).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  field,
  notification,
  openEditedProject,
  publish,
  retype,
  saved,
  type EditedProject,
  type Editor,
} from './support/editor';

let edited: EditedProject;
let editor: Editor;

/** An article that says when it last changed, as the repository has it before the marketer's edits. */
const updatedArticle = 'blog/local-seo-tips.md';

beforeAll(async () => {
  edited = await openEditedProject(async (content) => {
    const article = join(content, updatedArticle);
    await writeFile(article, (await readFile(article, 'utf8')).replace(/^(date: .*\n)/m, '$1updated: "2024-11-20"\n'));
  });
  ({ editor } = edited);
}, 240_000);
afterAll(() => edited?.close());

// Each test starts from the content as committed, whatever the one before it wrote.
beforeEach(() => edited.restore());

// Each step waits for the editor, which a busy machine takes its time over.
describe('a save in the editor, as git sees it', { timeout: 60_000 }, () => {
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
    expect(await edited.savedChanges()).toEqual(['1\t1\tcontent/trades.json']);
    expect(problems()).toEqual([]);
  }, 120_000);

  it('changes one word of an article’s title on its line alone', async () => {
    const { page, problems } = await editor.at('/collections/articles/entries/digital-marketing-roi');
    await field(page, 'Title').fill('Is Your Marketing Paying Off? Measuring Returns for Trades');
    await saved(page);
    expect(await edited.savedChanges()).toEqual(['1\t1\tcontent/blog/digital-marketing-roi.md']);
    expect(problems()).toEqual([]);
  });

  it('changes a legal page’s description on its line alone', async () => {
    const { page, problems } = await editor.at('/collections/legal/entries/privacy-policy');
    const description = field(page, 'Description');
    await description.fill(`${await description.inputValue()} Read it in five minutes.`);
    await saved(page);
    expect(await edited.savedChanges()).toEqual(['1\t1\tcontent/legal/privacy-policy.md']);
    expect(problems()).toEqual([]);
  });

  it('takes an emptied field’s line out, and nothing else', async () => {
    const { page, problems } = await editor.at('/collections/articles/entries/local-seo-tips');
    const updated = page.getByLabel('datetime field').filter({ has: page.getByText(/^Updated/) });
    await updated.getByRole('button', { name: 'Clear' }).click();
    await saved(page);
    expect(await edited.savedChanges()).toEqual([`0\t1\tcontent/${updatedArticle}`]);
    expect(await edited.savedLines()).toMatch(/^-updated: "2024-11-20"$/m);
    expect(problems()).toEqual([]);
  });

  it('renames a live article other articles link to once its old slug is kept as an alias, which then redirects', async () => {
    const { page, problems } = await editor.at('/collections/articles/entries/online-reviews-guide');
    await retype(field(page, 'Slug (its address)'), 'google-reviews-guide');
    await publish(page);
    expect(await notification(page)).toBe(
      'Failed to persist entry: content/blog/online-reviews-guide.md: front matter: slug: takes a live address off the site, /blog/online-reviews-guide: keep "online-reviews-guide" in Old slugs (each redirects here), so that its visitors are sent on to this article, or keep the slug',
    );
    expect(await edited.git('status', '--porcelain', '--', 'content')).toBe('');
    await page.getByRole('button', { name: /^Add old slugs/i }).click();
    await field(page, 'Alias').fill('online-reviews-guide');
    await saved(page);
    const moved = await fetch(`${edited.dev.url}/blog/online-reviews-guide`, { redirect: 'manual' });
    expect([moved.status, moved.headers.get('location')]).toEqual([301, '/blog/google-reviews-guide']);
    expect(problems().filter((problem) => !problem.startsWith('error: Error: content/blog/'))).toEqual([]);
  });

  // A second tab starts the editor anew: on a busy machine (CI's whole suite at once) that can take longer than a step.
  it(
    'saves an entry twice from one tab, and refuses the save of a tab that read it before, which would undo them',
    { timeout: 120_000 },
    async () => {
      const route = '/collections/articles/entries/website-design-mistakes';
      const { page, problems } = await editor.at(route);
      const other = await page.context().newPage();
      try {
        await other.goto(`${edited.dev.url}/admin/#${route}`, { timeout: 60_000 });
        const excerpt = field(other, 'Excerpt');
        await excerpt.waitFor({ timeout: 60_000 });
        await field(page, 'Title').fill('11 Website Mistakes That Cost Trades Jobs');
        await saved(page);
        await retype(field(page, 'Title'), '11 Website Mistakes That Cost Tradespeople Jobs');
        await saved(page);
        await excerpt.fill('The mistakes we see most often on trade websites, and their fixes.');
        await publish(other);
        expect(await notification(other)).toBe(
          'Failed to persist entry: content/blog/website-design-mistakes.md: changed since this page opened it (in another tab, or another program), and saving would undo that change: copy what you typed, reload the page (declining the local backup it offers), and make your change again',
        );
        expect(await edited.savedLines()).toMatch(/^\+title: "11 Website Mistakes That Cost Tradespeople Jobs"$/m);
        expect(await edited.savedChanges()).toEqual(['1\t1\tcontent/blog/website-design-mistakes.md']);
      } finally {
        await other.close();
      }
      expect(problems()).toEqual([]);
    },
  );

  it('refuses a save the build would refuse in its notification alone: no uncaught error in the page, nothing written', async () => {
    const { page, problems } = await editor.at('/collections/legal/entries/terms-of-service');
    await field(page, 'Title').fill('');
    await publish(page);
    const refusal = 'content/legal/terms-of-service.md: front matter: title: is missing: expected a text';
    expect(await notification(page)).toBe(`Failed to persist entry: ${refusal}`);
    expect(await edited.git('diff', '--numstat')).toBe('');
    // Decap logs the failed save to the console itself, as it logs every failure: that stays, and is all.
    expect(problems().map((problem) => problem.split('\n')[0])).toEqual([`error: Error: ${refusal}`]);
  });
});

describe('a delete in the editor', { timeout: 60_000 }, () => {
  it('of an article another links to is refused in the build’s words, and nothing is deleted', async () => {
    const { page, problems } = await editor.at('/collections/articles/entries/google-ads-guide');
    await page.getByRole('button', { name: 'Delete entry' }).click();
    expect(await notification(page)).toBe(
      'Failed to delete entry: API_ERROR: sitegen dev refused this: content/blog/digital-marketing-roi.md: body: links to "/blog/google-ads-guide", which is neither a page of this site nor a file of public/ (pages are listed by `sitegen build` and in sitemap.xml)',
    );
    expect(await edited.git('status', '--porcelain', '--', 'content')).toBe('');
    // Decap logs the failed delete itself, and that is all: no uncaught error.
    expect(problems().filter((problem) => problem.startsWith('uncaught:'))).toEqual([]);
  });
});
