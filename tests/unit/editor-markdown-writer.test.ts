/**
 * The editor writes an article or legal page from its text as it was, changing
 * only the lines of what changed (admin/markdown-file.ts): the front matter's
 * quotes, comments and lists as the file had them, the body's lines as it had
 * them though Decap writes the whole body again, with the keys handed over in
 * another order, as Decap's Immutable maps hand them past eight keys.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMarkdown, writeMarkdown } from '../../admin/markdown-file';
import type { JsonObject } from '../../admin/value-changes';
import { parseFrontMatter } from '../../src/content/front-matter';
import { projectRoot } from '../support/cli';
import { content, lineChanges, scrambled } from '../support/editor-file-changes';

describe('an article or legal page written by the editor (writeMarkdown)', () => {
  const article = content('blog/digital-marketing-roi.md');
  const legal = content('legal/privacy-policy.md');
  const order = ['title', 'slug', 'excerpt', 'description', 'keywords', 'author', 'date', 'draft', 'updated'];

  it('reads the front matter as the build does, and writes every file back as it was when nothing changed', () => {
    for (const folder of ['blog', 'legal'])
      for (const name of readdirSync(join(projectRoot, 'content', folder))) {
        const text = content(`${folder}/${name}`);
        const { body, ...data } = readMarkdown(text);
        const build = parseFrontMatter(text);
        // The editor is given the body without the blank line after the front matter, which the file keeps.
        expect(build.ok && { data: build.data, body: build.body.replace(/^\n+/, '') }, name).toEqual({ data, body });
        expect(writeMarkdown(text, scrambled({ ...data, body })), name).toBe(text);
      }
  });

  it('changes one word of the title on its line alone: quotes, long lines, the keywords’ list, the date and the body as they were', () => {
    const data = readMarkdown(article);
    const edited = scrambled({ ...data, title: 'Is Your Marketing Paying Off? Measuring Returns for Trades' });
    expect(lineChanges(article, writeMarkdown(article, edited, order))).toEqual({
      removed: ['title: "Is Your Marketing Paying Off? Measuring ROI for Trades"'],
      added: ['title: "Is Your Marketing Paying Off? Measuring Returns for Trades"'],
    });
  });

  it('writes a long text on one line, in its quotes, and a date as a quoted text', () => {
    const data = readMarkdown(article);
    const excerpt = `${String(data.excerpt)} And a few words more, to make a line far longer than eighty characters.`;
    expect(lineChanges(article, writeMarkdown(article, { ...data, excerpt }))).toEqual({
      removed: [`excerpt: ${JSON.stringify(data.excerpt)}`],
      added: [`excerpt: ${JSON.stringify(excerpt)}`],
    });
    expect(lineChanges(article, writeMarkdown(article, { ...data, date: '2024-11-02' }))).toEqual({
      removed: ['date: "2024-10-15"'],
      added: ['date: "2024-11-02"'],
    });
  });

  it('changes one word of the body on its line alone, though Decap writes the whole body again in its own style', () => {
    // Decap's Markdown widget, as a marketer's edit came back from it: the blank line after the front matter gone,
    // every list item "* ", each table's cells padded to the widest, trailing spaces dropped.
    const asDecapWrites = (body: string) =>
      body
        .replace(/^\n+/, '')
        .replace(/^- /gm, '* ')
        .replace(/^\|.*\|$/gm, (row) =>
          row
            .split('|')
            .map((cell) => (cell.trim() === '---' ? ' ------ ' : ` ${cell.trim()}    `))
            .join('|')
            .trim(),
        );
    for (const [text, word, replacement] of [
      [content('blog/local-seo-tips.md'), "don't need a huge budget", "don't need a big budget"],
      [content('legal/cookie-policy.md'), 'Strictly necessary: remembers', 'Strictly necessary: it remembers'],
    ] as const) {
      const { body, ...data } = readMarkdown(text);
      const edited = asDecapWrites(String(body)).replace(word, replacement);
      expect(
        edited.split('\n').filter((line, index) => line !== String(body).split('\n')[index]).length,
      ).toBeGreaterThan(5);
      // The changed line as Decap wrote it; every other as the file had it.
      expect(lineChanges(text, writeMarkdown(text, { ...data, body: edited }))).toEqual({
        removed: [text.split('\n').find((line) => line.includes(word))],
        added: [edited.split('\n').find((line) => line.includes(replacement))],
      });
    }
  });

  it('adds a keyword on the keywords’ line, in its quotes', () => {
    const data = readMarkdown(legal);
    const keywords = [...(data.keywords as string[]), 'cookies'];
    const { removed, added } = lineChanges(legal, writeMarkdown(legal, { ...data, keywords }));
    expect(removed).toEqual(['keywords: ["privacy policy", "uk gdpr", "data protection", "personal data"]']);
    expect(added).toEqual(['keywords: ["privacy policy", "uk gdpr", "data protection", "personal data", "cookies"]']);
  });

  it('takes out an emptied field with its lines, and adds a new one after the field before it in the form', () => {
    const data = readMarkdown(article);
    const { imageAlt: _, ...withoutAlt } = data;
    expect(lineChanges(article, writeMarkdown(article, withoutAlt, order)).added).toEqual([]);
    expect(lineChanges(article, writeMarkdown(article, withoutAlt, order)).removed).toEqual([
      `imageAlt: ${JSON.stringify(data.imageAlt)}`,
    ]);
    const updated = writeMarkdown(article, scrambled({ ...data, updated: '2025-01-20', draft: true }), order);
    expect(lineChanges(article, updated)).toEqual({ removed: [], added: ['draft: true', 'updated: "2025-01-20"'] });
    expect(updated).toContain('date: "2024-10-15"\ndraft: true\nupdated: "2025-01-20"\nreadTime: 8\n');
  });

  it('keeps each text’s quotes or none, comments, blank lines, a folded text and a list one item a line', () => {
    const text = [
      '---',
      "title: 'Boilers'",
      '# Who wrote it',
      'author: James Thompson # the newest author',
      '',
      'excerpt: >-',
      '  A text folded',
      '  over two lines.',
      'keywords:',
      '  - boilers',
      '  - "heating"',
      'readTime: 8',
      '---',
      '',
      'Body.',
      '',
    ].join('\n');
    const data = readMarkdown(text);
    const changed = (values: JsonObject) => lineChanges(text, writeMarkdown(text, { ...data, ...values }));
    expect(changed({ title: "Boilers' Costs" })).toEqual({
      removed: ["title: 'Boilers'"],
      added: ["title: 'Boilers'' Costs'"],
    });
    expect(changed({ author: 'Sarah Jones' })).toEqual({
      removed: ['author: James Thompson # the newest author'],
      added: ['author: Sarah Jones # the newest author'],
    });
    expect(changed({ keywords: ['boilers', 'hot water'] })).toEqual({
      removed: ['  - "heating"'],
      added: ['  - "hot water"'],
    });
    expect(changed({ readTime: 9 })).toEqual({ removed: ['readTime: 8'], added: ['readTime: 9'] });
    // A folded text written again is written on one line.
    expect(changed({ excerpt: 'A text on one line.' })).toEqual({
      removed: ['  A text folded', '  over two lines.'],
      added: ['  A text on one line.'],
    });
  });

  it('changes the body alone', () => {
    const data = readMarkdown(legal);
    const body = String(data.body).replace('We have tried to keep it short', 'We keep it short');
    const written = writeMarkdown(legal, { ...data, body });
    const frontMatter = legal.slice(0, legal.indexOf('\n---\n') + 5);
    expect(written.startsWith(frontMatter)).toBe(true);
    expect(lineChanges(legal, written)).toEqual({
      removed: [legal.split('\n').find((line) => line.includes('We have tried to keep it short'))],
      added: [written.split('\n').find((line) => line.includes('We keep it short'))],
    });
    expect(readMarkdown(written)).toEqual({ ...data, body });
  });

  it('writes a new article in the content’s style: its fields in the form’s order, texts and dates quoted, lists inline', () => {
    const data = scrambled({
      title: 'Van Signs',
      slug: 'van-signs',
      keywords: ['van signs', 'vans'],
      date: '2025-02-03',
      draft: true,
      readTime: 7,
      body: 'Your van is seen.\n',
    });
    expect(writeMarkdown(undefined, data, [...order, 'readTime', 'body'])).toBe(
      [
        '---',
        'title: "Van Signs"',
        'slug: "van-signs"',
        'keywords: ["van signs", "vans"]',
        'date: "2025-02-03"',
        'draft: true',
        'readTime: 7',
        '---',
        '',
        'Your van is seen.',
        '',
      ].join('\n'),
    );
  });
});
