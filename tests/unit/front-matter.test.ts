/**
 * Reading a Markdown file's front matter with gray-matter (src/content/
 * front-matter.ts, read-content.ts): every way a file can be written, and
 * every way it can be wrong, named with the file and the field; JavaScript
 * front matter refused, never run; no file kept in gray-matter's cache.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import matter from 'gray-matter';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFrontMatter } from '../../src/content/front-matter';
import { readText, splitMarkdown } from '../../src/content/read-content';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sitegen-front-matter-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const schema = v.object({ title: v.string() });

/** Reads `text` as content/blog/<name>.md would be: the front matter and body, or the error's message. */
async function read(
  name: string,
  text: string | Buffer,
): Promise<{ data: unknown; body: string; line: number } | string> {
  const path = join(dir, `${name}.md`);
  await writeFile(path, text);
  try {
    const file = `content/blog/${name}.md`;
    return splitMarkdown(readText(path, file), file, schema);
  } catch (error) {
    return (error as Error).message;
  }
}

describe('a Markdown file read and split (readText, splitMarkdown)', () => {
  it.each([
    ['plain', '---\ntitle: "Boilers"\n---\nBody text.\n', 'Body text.\n', 4],
    ['Windows line ends', '---\r\ntitle: "Boilers"\r\n---\r\nBody text.\r\n', 'Body text.\r\n', 4],
    ['a byte-order mark', '\uFEFF---\ntitle: "Boilers"\n---\nBody.\n', 'Body.\n', 4],
    ['a value holding ---', '---\ntitle: "Boilers"\nnote: "a --- b"\n---\nBody.\n', 'Body.\n', 5],
    [
      'a rule in the body',
      '---\ntitle: "Boilers"\n---\nBody.\n\n---\n\nMore after a rule.\n',
      'Body.\n\n---\n\nMore after a rule.\n',
      4,
    ],
    ['multi-byte text', '---\ntitle: "Boilers"\n---\nPrix: £2,000 — ça va 😀\n', 'Prix: £2,000 — ça va 😀\n', 4],
    ['a comment after a value', '---\ntitle: Boilers # a note for the editor\n---\nBody.\n', 'Body.\n', 4],
  ])('reads %s, and the line its body starts on', async (name, text, body, line) => {
    expect(await read(name.replaceAll(' ', '-'), text)).toEqual({ data: { title: 'Boilers' }, body, line });
  });

  it.each([
    ['in straight quotes', '---\ntitle: "“Boilers” done right"\n---\nBody.\n', '“Boilers” done right'],
    ['round a word of several', '---\ntitle: “Boilers” done right\n---\nBody.\n', '“Boilers” done right'],
  ])('keeps curly quotes written %s, as the words to show', async (name, text, title) => {
    expect(await read(name.replaceAll(' ', '-'), text)).toEqual({ data: { title }, body: 'Body.\n', line: 4 });
  });

  it.each([
    [
      'missing',
      'Just a body.\n---\nand a rule.\n',
      'content/blog/missing.md: front matter: is missing: the file must start with a --- block',
    ],
    [
      'unclosed',
      '---\ntitle: x\nBody with no fence.\n',
      'content/blog/unclosed.md: front matter: is not closed: expected a line of --- after it',
    ],
    // gray-matter would close the block there and start the body with the rest of the line: a stray "-" became an empty list.
    [
      'closed-by-four',
      '---\ntitle: x\n----\nBody.\n',
      'content/blog/closed-by-four.md: front matter: ends with the line "----": expected a line of exactly ---',
    ],
    [
      'body-on-the-fence',
      '---\ntitle: x\n---Body on the fence line.\n',
      'content/blog/body-on-the-fence.md: front matter: ends with the line "---Body on the fence line.": expected a line of exactly ---',
    ],
    [
      'invalid',
      '---\ntitle: [unclosed "x\n---\nBody.\n',
      // The parser's first line, without the colon that introduced its excerpt of the file.
      /^content\/blog\/invalid\.md: front matter: is not valid YAML \(.+ at line \d+, column \d+\)$/,
    ],
    // The slips of a hand-written block, named by line and field in words a marketer knows, not YAML's.
    [
      'colon-without-quotes',
      '---\r\nslug: "x"\r\ntitle: Local SEO: 10 tips\r\n---\r\nBody.\r\n',
      'content/blog/colon-without-quotes.md: front matter: is not valid YAML at line 3 (title): a ": " out of quotes starts a field: use double quotes',
    ],
    [
      'no-space-after-the-colon',
      '---\ntitle: "Ten tips"\nreadTime:5\ncategory: "SEO"\nimage: "https://images.unsplash.com/photo-1"\n---\nBody.\n',
      'content/blog/no-space-after-the-colon.md: front matter: is not valid YAML at line 3 (readTime): a space is needed after "readTime:"',
    ],
    [
      'no-space-after-the-colon-quoted',
      '---\ntitle: "Ten tips"\ncategory:"SEO"\nreadTime: 5\n---\nBody.\n',
      'content/blog/no-space-after-the-colon-quoted.md: front matter: is not valid YAML at line 3 (category): a space is needed after "category:"',
    ],
    [
      'indented-with-a-tab',
      '---\ntitle: x\nkeywords:\n\t- seo\n\t- ads\n---\nBody.\n',
      'content/blog/indented-with-a-tab.md: front matter: is not valid YAML at line 4: it is indented with a tab: indent with spaces',
    ],
    [
      'field-given-twice',
      '---\ntitle: "Ten tips"\nslug: "ten-tips"\ntitle: "Ten more tips"\n---\nBody.\n',
      'content/blog/field-given-twice.md: front matter: is not valid YAML at line 4 (title): "title" is given twice: keep one',
    ],
    [
      'field-indented',
      '---\ntitle: "Ten tips"\n  author: "Sam Carter"\n---\nBody.\n',
      "content/blog/field-indented.md: front matter: is not valid YAML at line 3 (author): it is indented: start the field at the line's start",
    ],
    [
      'apostrophe-in-single-quotes',
      "---\ntitle: 'Don't wait for spring'\n---\nBody.\n",
      'content/blog/apostrophe-in-single-quotes.md: front matter: is not valid YAML at line 2 (title): an apostrophe in single quotes ends the text: use double quotes',
    ],
    [
      'hash-out-of-quotes',
      '---\nslug: "tips"\ntitle: Local SEO #1 tips for trades\n---\nBody.\n',
      'content/blog/hash-out-of-quotes.md: front matter: at line 3 (title): " #" starts a comment, dropping "#1 tips for trades": use double quotes',
    ],
    [
      'quote-never-closed',
      '---\ntitle: "Ten tips\nslug: "ten-tips"\n---\nBody.\n',
      'content/blog/quote-never-closed.md: front matter: is not valid YAML at line 2 (title): its quotes do not pair up: close it, write \\" inside',
    ],
    [
      'quote-inside-quotes',
      '---\ntitle: "The "best" tips"\n---\nBody.\n',
      'content/blog/quote-inside-quotes.md: front matter: is not valid YAML at line 2 (title): its quotes do not pair up: close it, write \\" inside',
    ],
    [
      'single-quote-never-closed',
      '---\ntitle: \'Ten tips\nslug: "ten-tips"\nauthor: "Sarah Mitchell"\n---\nBody.\n',
      'content/blog/single-quote-never-closed.md: front matter: is not valid YAML at line 2 (title): its quotes do not pair up: close it, write \\" inside',
    ],
    // A keyword added to a list, or its last one removed: YAML's words name neither the comma nor the bracket.
    [
      'list-without-a-comma',
      '---\ntitle: x\nkeywords: ["seo" "ads"]\n---\nBody.\n',
      'content/blog/list-without-a-comma.md: front matter: is not valid YAML at line 3 (keywords): expected a list such as ["seo", "ads"]',
    ],
    [
      'list-never-closed',
      '---\ntitle: x\nkeywords: ["seo", "ads"\nslug: "x"\n---\nBody.\n',
      'content/blog/list-never-closed.md: front matter: is not valid YAML at line 3 (keywords): expected a list such as ["seo", "ads"]',
    ],
    // Pasted from a word processor: YAML reads curly quotes as letters, which the page would show round the words.
    [
      'curly-quotes',
      '---\nslug: "tips"\nexcerpt: “Ten tips for trades”\n---\nBody.\n',
      'content/blog/curly-quotes.md: front matter: at line 3 (excerpt): “ is a curly quote, which would show on the page: write straight double quotes, as in "…"',
    ],
    [
      'curly-quotes-in-a-list',
      '---\nslug: "tips"\nkeywords: [‘seo’, ‘ads’]\n---\nBody.\n',
      'content/blog/curly-quotes-in-a-list.md: front matter: at line 3 (keywords): ‘ is a curly quote, which would show on the page: write straight double quotes, as in "…"',
    ],
    [
      'curly-quotes-closed-straight',
      '---\ntitle: “Ten Tips for Plumbers Who Want More Work"\n---\nBody.\n',
      'content/blog/curly-quotes-closed-straight.md: front matter: at line 2 (title): “ is a curly quote, which would show on the page: write straight double quotes, as in "…"',
    ],
    [
      'curly-quotes-in-a-later-item',
      '---\nkeywords: ["probe", “plumber seo”]\n---\nBody.\n',
      'content/blog/curly-quotes-in-a-later-item.md: front matter: at line 2 (keywords): “ is a curly quote, which would show on the page: write straight double quotes, as in "…"',
    ],
    [
      'curly-quotes-round-a-colon',
      '---\ntitle: “Local SEO: 10 tips”\n---\nBody.\n',
      'content/blog/curly-quotes-round-a-colon.md: front matter: is not valid YAML at line 2 (title): “ is a curly quote, which would show on the page: write straight double quotes, as in "…"',
    ],
    [
      'empty-block',
      '---\n---\nBody.\n',
      'content/blog/empty-block.md: front matter: title: is missing: expected a text',
    ],
    [
      'empty-body',
      '---\ntitle: x\n---\n \n\t\n',
      "content/blog/empty-body.md: body: is empty: write the page's words below the front matter",
    ],
    [
      'empty-value',
      '---\ntitle:\n---\nBody.\n',
      'content/blog/empty-value.md: front matter: title: expected a text, found nothing',
    ],
    [
      'wrong-type',
      '---\ntitle: 12\n---\nBody.\n',
      'content/blog/wrong-type.md: front matter: title: expected a text, found number 12',
    ],
  ])('names the file and what is wrong when the front matter is %s', async (name, text, message) => {
    const result = await read(name, text);
    if (typeof message === 'string') expect(result).toBe(message);
    else expect(result).toMatch(message);
  });

  it.each([
    [
      'bell-in-front-matter',
      '---\ntitle: "a\u0007b"\n---\nBody.\n',
      'front matter: holds the control character U+0007 at line 2 column 10: remove it',
    ],
    // YAML's own reader lets U+0085 (NEL) through as a line break inside a value.
    [
      'nel-in-front-matter',
      '---\ntitle: "a\u0085b"\n---\nBody.\n',
      'front matter: holds the control character U+0085 at line 2 column 10: remove it',
    ],
    [
      'escaped-nul',
      '---\ntitle: "Boil\\0ers"\n---\nBody.\n',
      'front matter: title: holds the control character U+0000 at character 5: remove it',
    ],
    [
      'escaped-surrogate',
      '---\ntitle: "Boilers \\ud83d"\n---\nBody.\n',
      'front matter: title: holds a lone surrogate (U+D83D) at character 9, half of a character (an emoji, say) cut in two: write the whole character or remove it',
    ],
    [
      'nul-in-body',
      '---\ntitle: x\n---\nBody with 😀 and\nan emoji 😀\u0000.\n',
      'body: holds the control character U+0000 at line 5 column 11: remove it',
    ],
    [
      'old-mac-line-ends',
      '---\rtitle: x\r---\rBody.\r',
      'front matter: holds a carriage return (U+000D) at line 1 column 4 with no line feed after it: lines end in LF or CR LF',
    ],
  ])('refuses %s, naming the part of the file and where', async (name, text, message) => {
    expect(await read(name, text)).toBe(`content/blog/${name}.md: ${message}`);
  });

  const tooDeep = 'nests lists or objects deeper than 32 levels, where content needs a few at most';
  it.each([
    ['40 levels of lists', `title: ${'['.repeat(40)}${']'.repeat(40)}`, `title: ${tooDeep}`],
    ['40 levels of objects', `title: ${'{a: '.repeat(40)}1${'}'.repeat(40)}`, `title.a.a.a.a.a.a.a: ${tooDeep}`],
    ['an alias inside itself', 'title: &loop [*loop]', `title: ${tooDeep}`],
    ['10,000 levels of lists', `title:\n${'- '.repeat(10_000)}x`, `is not valid YAML (it ${tooDeep})`],
  ])('refuses front matter that nests %s, in words', async (name, yaml, message) => {
    const file = name.replaceAll(/\W/g, '-');
    expect(await read(file, `---\n${yaml}\n---\nBody.\n`)).toBe(`content/blog/${file}.md: front matter: ${message}`);
  });

  it('reads an alias repeated at every level once per level, not once per place it appears', async () => {
    // Each level names the one before ten times: walked place by place, the last would be ten thousand million values.
    const levels = Array.from({ length: 10 }, (_, level) =>
      level === 0
        ? 'l0: &l0 [x, x, x, x, x, x, x, x, x, x]'
        : `l${level}: &l${level} [${`*l${level - 1}, `.repeat(9)}*l${level - 1}]`,
    );
    expect(await read('aliases', `---\n${levels.join('\n')}\ntitle: *l9\n---\nBody.\n`)).toBe(
      'content/blog/aliases.md: front matter: title: expected a text, found a list of 10',
    );
  });

  it.each(['js', 'javascript'])('refuses ---%s front matter without running it', async (language) => {
    const globals = globalThis as { ranFrontMatter?: boolean };
    const text = `---${language}\n{ title: (globalThis.ranFrontMatter = true, "Boilers") }\n---\nBody.\n`;
    expect(await read(`code-${language}`, text)).toBe(
      `content/blog/code-${language}.md: front matter: is JavaScript (---js), which would run code when the site builds: write it in YAML`,
    );
    expect(globals.ranFrontMatter).toBeUndefined();
    // An empty block asks for code all the same.
    expect(await read(`empty-${language}`, `---${language}\n---\nBody.\n`)).toMatch(/front matter: is JavaScript/);
  });

  // gray-matter is given the block alone (front-matter.ts): the body is what it makes of the whole file.
  it.each([
    '---\ntitle: "Boilers"\n---\nBody.\n',
    '---\r\ntitle: "Boilers"\r\n---\r\nBody.\r\n',
    '\uFEFF---\ntitle: "Boilers"\n---\nBody.\n',
    '---\ntitle: "Boilers"\n---   \nBody after a fence with spaces.\n',
    '---\ntitle: "Boilers"\n---\n\n\nBody after blank lines.\n',
    '---\ntitle: "Boilers"\n---\r\r\nBody after a stray carriage return.\n',
    '---yaml\ntitle: "Boilers"\n---\nBody.\n\n---\nA rule.\n',
    '---\n# a comment\ntitle: "Boilers"\n---\nBody.',
    '---\n---\nBody of an empty block.\n',
  ])('splits %j where gray-matter splits the whole file, with the same data', (text) => {
    const whole = matter(text, {});
    expect(parseFrontMatter(text)).toEqual({ ok: true, data: whole.data, body: whole.content });
  });

  it("leaves nothing in gray-matter's own cache, however many files it reads", async () => {
    for (let index = 0; index < 20; index += 1)
      await read(`cached-${index}`, `---\ntitle: "Note ${index}"\n---\nBody ${index}.\n`);
    expect(Object.keys((matter as unknown as { cache: object }).cache)).toEqual([]);
  });
});

describe('readText', () => {
  it('refuses a file that is not UTF-8, naming the file and the line', async () => {
    const path = join(dir, 'latin1.md');
    // "Café" saved as Latin-1 on line 3: a lone 0xE9 byte.
    await writeFile(
      path,
      Buffer.concat([Buffer.from('---\ntitle: x\nnote: Caf'), Buffer.from([0xe9]), Buffer.from('\n---\nBody.\n')]),
    );
    expect(() => readText(path, 'content/blog/latin1.md')).toThrow(
      'content/blog/latin1.md: is not UTF-8 text (line 3 holds bytes that are not): save it as UTF-8',
    );
  });

  it('refuses a file over 1 MB, naming it', async () => {
    const path = join(dir, 'huge.md');
    await writeFile(path, `---\ntitle: x\n---\n${'word '.repeat(220_000)}\n`);
    expect(() => readText(path, 'content/blog/huge.md')).toThrow(
      'content/blog/huge.md: is 1,075 KB: expected at most 1,024 KB of text (is something other than text pasted into it?)',
    );
  });
});
