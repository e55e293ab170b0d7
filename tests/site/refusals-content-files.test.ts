/**
 * A file of content/ the site does not read, cannot read, or finds twice (a data file of another name, an article not
 * in UTF-8 or too long, two articles of one slug, an article named or filed otherwise, no trade's file) stops the
 * build, naming it; notes beside the data and a backup file are left alone.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildCaseTimeout } from '../support/build-refusals';
import { contentWorkspace, removeWorkspaces } from '../support/workspace';

afterAll(removeWorkspaces);
vi.setConfig({ testTimeout: buildCaseTimeout });

describe('bad input', () => {
  it.concurrent.each([
    'pages/hoem.json',
    'pricing.json',
    'service-pages/notes.yaml',
    'trades/slater.JSON',
    'trades/old/roofer.json',
    'Pages/faq.json',
  ])('a data file the site does not read (%s) stops the build, naming it', async (name) => {
    const site = await contentWorkspace();
    await mkdir(dirname(join(site.content, name)), { recursive: true });
    await writeFile(join(site.content, name), '{}\n');
    expect(await site.refusal()).toBe(
      `sitegen: ${join(site.content, name)}: is no file the site reads: rename it to one it does, or remove it\n`,
    );
  });

  it.concurrent('notes beside the data (content/README.md) are left alone', async () => {
    const site = await contentWorkspace();
    await writeFile(join(site.content, 'README.md'), '# How we write content\n');
    expect(await site.refusal()).toBeUndefined();
  });

  const unreadable: [string, string, (text: string) => Buffer, RegExp][] = [
    [
      'an article saved in Latin-1 rather than UTF-8',
      'blog/social-media-guide.md',
      (text) => Buffer.from(text.replace(/^author: .*$/m, 'author: "Zoë Café"'), 'latin1'),
      /content\/blog\/social-media-guide\.md: is not UTF-8 text \(line 7 holds bytes that are not\): save it as UTF-8/,
    ],
    [
      'a 20 MB article',
      'blog/google-ads-guide.md',
      (text) => Buffer.from(`${text}\n${'A very long paragraph. '.repeat(900_000)}\n`),
      /content\/blog\/google-ads-guide\.md: is 20,\d{3} KB: expected at most 1,024 KB of text/,
    ],
  ];
  it.concurrent.each(unreadable)('%s stops the build, naming the file', async (_, file, bytes, message) => {
    const site = await contentWorkspace();
    await writeFile(join(site.content, file), bytes(await readFile(join(site.content, file), 'utf8')));
    expect(await site.refusal()).toMatch(message);
  });

  it.concurrent(
    'a duplicate article slug names both files, the copy (the file not named after the slug) first',
    async () => {
      const site = await contentWorkspace();
      const copy = (await readFile(join(site.content, 'blog/local-seo-tips.md'), 'utf8')).replace(
        'featured: true',
        'featured: false',
      );
      await writeFile(join(site.content, 'blog/another-seo-article.md'), copy);
      expect(await site.refusal()).toMatch(
        /content\/blog\/another-seo-article\.md: slug: "local-seo-tips" is already the slug of .*content\/blog\/local-seo-tips\.md/,
      );
    },
  );

  it.concurrent("no trade's file in trades/ stops the build, naming the folder", async () => {
    const site = await contentWorkspace();
    await rm(join(site.content, 'trades'), { recursive: true });
    expect(await site.refusal()).toMatch(/^sitegen: \S+\/trades\/: expected a file for each trade: <slug>\.json\n$/);
  });

  it.concurrent(
    'an article saved as .markdown or .MD, or filed in a subfolder, stops the build, named; a backup file does not',
    async () => {
      const site = await contentWorkspace();
      const article = await readFile(join(site.content, 'blog/local-seo-tips.md'), 'utf8');
      const other = (slug: string) =>
        article.replace(/^slug: .*$/m, `slug: "${slug}"`).replace('featured: true', 'featured: false');
      await writeFile(join(site.content, 'blog/local-seo-tips.md~'), article);
      expect(await site.refusal()).toBeUndefined();
      for (const name of ['extra.markdown', 'shouting.MD', '2025/filed.md']) {
        const path = join(site.content, 'blog', name);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, other(name.replace(/\W/g, '-')));
        const file = name.replace(/[./]/g, '\\$&');
        expect(await site.refusal()).toMatch(
          new RegExp(
            `^sitegen: \\S+/blog/${file}: expected only Markdown files named <slug>\\.md directly in \\S+/blog/: rename it, move it out or remove it\\n$`,
          ),
        );
        await rm(path);
      }
    },
  );
});
