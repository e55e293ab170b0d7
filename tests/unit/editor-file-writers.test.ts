/**
 * The editor writes a file from its text as it was, changing only the lines
 * of what changed (admin/json-file.ts, admin/markdown-file.ts, through the
 * formats Decap calls, admin/file-formats.ts): the project's own files, with
 * the keys of every object handed over in another order, as Decap's
 * Immutable maps hand them past eight keys.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldsOf } from '../../admin/fields';
import { jsonFormat, markdownFormat } from '../../admin/file-formats';
import { writeJson } from '../../admin/json-file';
import { readMarkdown, writeMarkdown } from '../../admin/markdown-file';
import { isRecord, type JsonObject } from '../../admin/value-changes';
import { parseFrontMatter } from '../../src/content/front-matter';
import * as s from '../../src/content/schemas';
import { projectRoot } from '../support/cli';

const content = (path: string) => readFileSync(join(projectRoot, 'content', path), 'utf8');

/** The lines that differ between two texts, as one change between the lines both keep before and after it. */
function lineChanges(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end) };
}

/** `value` with every object's keys in reverse: the order the file has them is not the order the editor hands them back in. */
function scrambled<T>(value: T): T {
  if (Array.isArray(value)) return value.map(scrambled) as T;
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((key) => [key, scrambled(value[key])]),
  ) as T;
}

const jsonOf = (text: string) => JSON.parse(text) as JsonObject;

describe('a JSON file of content/ written by the editor (writeJson)', () => {
  const site = content('site.json');
  const plumber = content('trades/plumber.json');

  it('changes the phone’s line alone in site.json, whatever order the keys come back in', () => {
    const edited = scrambled({ ...jsonOf(site), phone: '0808 157 0200' });
    expect(lineChanges(site, writeJson(site, edited))).toEqual({
      removed: ['  "phone": "0808 157 0192",'],
      added: ['  "phone": "0808 157 0200",'],
    });
  });

  it('changes one word of the plumber’s description on its line alone, its nine keys in the file’s order', () => {
    const value = jsonOf(plumber);
    expect(Object.keys(value)).toHaveLength(9);
    const description = String(value.description);
    value.description = description.replace('burst pipes', 'frozen pipes');
    const written = writeJson(plumber, scrambled(value));
    const line = (text: string) => `  "description": ${JSON.stringify(text)},`;
    expect(lineChanges(plumber, written)).toEqual({
      removed: [line(description)],
      added: [line(String(value.description))],
    });
    expect(JSON.parse(written)).toEqual(value);
  });

  it('writes the same text when nothing changed', () => {
    const files = readdirSync(join(projectRoot, 'content'), { recursive: true, encoding: 'utf8' });
    for (const name of files.filter((file) => file.endsWith('.json'))) {
      const text = content(name);
      expect(writeJson(text, scrambled(JSON.parse(text))), name).toBe(text);
    }
  });

  it('takes out an emptied field with its line: first, middle or last of its object', () => {
    const without = (key: string) => {
      const { [key]: _, ...rest } = jsonOf(site);
      return lineChanges(site, writeJson(site, rest));
    };
    expect(without('email')).toEqual({ removed: ['  "email": "hello@example.com",'], added: [] });
    expect(without('name')).toEqual({ removed: ['  "name": "TradeBoost Digital",'], added: [] });
    // The last one's comma goes from the line before it, as JSON has it.
    const last = without('social');
    expect(last.added).toEqual(['  "responseTime": "24 hours"']);
    expect(last.removed[0]).toBe('  "responseTime": "24 hours",');
    expect(last.removed).toHaveLength(7);
  });

  it('changes an inline object on its line', () => {
    const value = jsonOf(site) as { logo: JsonObject };
    const { alt: _, ...logo } = value.logo;
    expect(lineChanges(site, writeJson(site, { ...value, logo }))).toEqual({
      removed: ['  "logo": { "src": "images/logo.png", "alt": "TradeBoost Digital" },'],
      added: ['  "logo": { "src": "images/logo.png" },'],
    });
  });

  it('puts a new list item on a line of its own, laid out and ordered as its neighbours', () => {
    const value = jsonOf(site) as { social: JsonObject[] };
    const linkedin = {
      href: 'https://www.linkedin.com/',
      label: 'TradeBoost Digital on LinkedIn',
      network: 'linkedin',
    };
    value.social.splice(1, 0, linkedin);
    expect(lineChanges(site, writeJson(site, value))).toEqual({
      removed: [],
      added: [
        '    { "network": "linkedin", "label": "TradeBoost Digital on LinkedIn", "href": "https://www.linkedin.com/" },',
      ],
    });
  });

  it('writes a new trade’s file with its nine keys in the order of the form, which the other trades’ files have', () => {
    const form = fieldsOf(s.tradeSchema).map((field) => field.name);
    const glazier = { ...jsonOf(plumber), name: 'Glazier', slug: 'glazier' };
    // Decap hands its keys in another order (past eight keys), each card's in the form's.
    const written = writeJson(undefined, Object.fromEntries(Object.entries(glazier).reverse()), form);
    expect(written).toBe(
      plumber.replace('"name": "Plumber"', '"name": "Glazier"').replace('"slug": "plumber"', '"slug": "glazier"'),
    );
  });

  it('lays a new job out as its neighbours are, part by part: its workplace on one line, its requirements one a line', () => {
    const jobs = content('jobs.json');
    const value = jsonOf(jobs) as { jobs: JsonObject[] };
    const first = value.jobs[0]!;
    const added = scrambled({ ...first, id: 'seo-executive', title: 'SEO Executive' });
    const written = writeJson(jobs, { jobs: [...value.jobs, added] });
    // Written as the file's first job is, line for line but its id and title, after the last one.
    const firstText = jobs.slice(jobs.indexOf('    {'), jobs.indexOf('\n    }') + 6);
    const expected = firstText
      .replace(`"id": "${String(first.id)}"`, '"id": "seo-executive"')
      .replace(`"title": "${String(first.title)}"`, '"title": "SEO Executive"');
    const end = jobs.lastIndexOf('\n    }') + 6;
    expect(written).toBe(`${jobs.slice(0, end)},\n${expected}${jobs.slice(end)}`);
  });

  it('places a new key after the one before it in the form, and writes texts with quotes and escapes as JSON does', () => {
    const value = { ...jsonOf(site), fax: 'A "fax" line — ok' };
    const order = ['name', 'url', 'logo', 'tagline', 'blurb', 'phone', 'fax', 'email'];
    expect(lineChanges(site, writeJson(site, value, order))).toEqual({
      removed: [],
      added: ['  "fax": "A \\"fax\\" line — ok",'],
    });
    expect(writeJson(site, value, order)).toContain('"phone": "0808 157 0192",\n  "fax"');
  });

  it('replaces every item of a list, or all but its middle one, keeping the list one item a line', () => {
    const value = jsonOf(plumber) as JsonObject & { keywords: string[] };
    const lines = (keywords: string[]) =>
      keywords.map((keyword, i) => `    ${JSON.stringify(keyword)}${i < keywords.length - 1 ? ',' : ''}`);
    const before = lines(value.keywords);
    expect(before.length).toBeGreaterThan(3);
    for (const keywords of [[value.keywords[2]!], ['boiler repair'], ['boiler repair', 'leak detection']]) {
      const written = writeJson(plumber, scrambled({ ...value, keywords }));
      // The plumber's keywords alone changed: every other line as it was.
      expect(lineChanges(plumber, written), keywords.join()).toEqual({ removed: before, added: lines(keywords) });
    }
  });

  it('changes one text of a list on its line, and fills an empty list inline', () => {
    const text = '{\n  "days": ["Monday", "Tuesday"],\n  "tags": [],\n  "n": 1.50\n}\n';
    expect(writeJson(text, { days: ['Monday', 'Wednesday'], tags: [], n: 1.5 })).toBe(
      '{\n  "days": ["Monday", "Wednesday"],\n  "tags": [],\n  "n": 1.50\n}\n',
    );
    expect(writeJson(text, { days: ['Monday', 'Tuesday'], tags: ['a', 'b'], n: 1.5 })).toBe(
      '{\n  "days": ["Monday", "Tuesday"],\n  "tags": ["a", "b"],\n  "n": 1.50\n}\n',
    );
  });
});

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
        expect(build.ok && { data: build.data, body: build.body }, name).toEqual({ data, body });
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

describe('the formats Decap reads and writes the files with (admin/file-formats.ts)', () => {
  it('keep the file’s text with the entry’s data as read, and write from it', () => {
    const site = content('site.json');
    const entry = jsonFormat.fromFile(site);
    expect(Object.keys(entry).filter((key) => !(key in JSON.parse(site)))).toEqual(['sitegen:file-as-read']);
    const written = jsonFormat.toFile(scrambled({ ...entry, phone: '0808 157 0200' }));
    expect(lineChanges(site, written).added).toEqual(['  "phone": "0808 157 0200",']);
    expect(written).not.toContain('sitegen:');

    const legal = content('legal/terms-of-service.md');
    const page = markdownFormat.fromFile(legal);
    const order = (page.order as number) + 1;
    expect(lineChanges(legal, markdownFormat.toFile({ ...page, order }))).toEqual({
      removed: [`order: ${page.order}`],
      added: [`order: ${order}`],
    });
  });
});
