/**
 * A large build reads articles as bytes and decodes only their front matter
 * (src/content/front-matter.ts, read-content.ts): it must split every file
 * exactly as reading it as text does, and read every byte of every file.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitFrontMatter, splitFrontMatterBytes } from '../src/content/front-matter';
import { ByteArena } from '../src/content/byte-arena';
import { readFrontMatter, readFrontMatterBytes } from '../src/content/read-content';

const awkward: Record<string, string> = {
  plain: '---\ntitle: "Boilers"\n---\nBody text.\n',
  'Windows line ends': '---\r\ntitle: "Boilers"\r\n---\r\nBody text.\r\n',
  'a byte-order mark': '\uFEFF---\ntitle: "Boilers"\n---\nBody.\n',
  'spaces after the fences': '---  \ntitle: x\n--- \t\nBody.\n',
  'empty front matter': '---\n---\nBody.\n',
  'no newline after the closing fence': '---\ntitle: x\n---',
  'a value holding ---': '---\ntitle: "a --- b"\nnote: |\n  ---x\n---\nBody.\n',
  'a line starting --- that is not a fence': '---\ntitle: x\n---not-a-fence\n---\nBody.\n',
  'a closing fence followed by text on its line': '---\ntitle: x\n--- x\n---\nBody.\n',
  'a fence in the body': '---\ntitle: x\n---\nBody.\n\n---\n\nMore after a rule.\n',
  'multi-byte text': '---\ntitle: "Café — £2,000 😀"\n---\nPrix: £2,000 — ça va 😀\n',
  unclosed: '---\ntitle: x\nBody with no fence.\n',
  'unclosed with a BOM': '\uFEFF---\ntitle: x\n',
  'no front matter': 'Just a body.\n---\nand a rule.\n',
  empty: '',
  'only a fence': '---',
};

describe('splitFrontMatterBytes', () => {
  for (const [name, text] of Object.entries(awkward)) {
    it(`splits ${name} as splitFrontMatter does`, () => {
      const split = splitFrontMatterBytes(Buffer.from(text));
      const expected = splitFrontMatter(text);
      expect(split.ok ? { ...split, body: Buffer.from(split.body).toString('utf8') } : split).toEqual(expected);
    });
  }

  it('tells a missing block from an unclosed one', () => {
    expect(splitFrontMatterBytes(Buffer.from(awkward.unclosed!))).toEqual({ ok: false, problem: 'unclosed' });
    expect(splitFrontMatterBytes(Buffer.from(awkward['no front matter']!))).toEqual({ ok: false, problem: 'missing' });
  });
});

describe('reading articles as bytes', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sitegen-bytes-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const schema = v.object({ title: v.string() });

  it('reads every byte of files larger than a chunk and of many files across chunks', async () => {
    const texts = Array.from({ length: 90 }, (_, index) => `---\ntitle: "Note ${index}"\n---\n${'Damp proofing — £95. '.repeat(index === 7 ? 40_000 : 200 + index)}\n`);
    const paths = texts.map((_, index) => join(dir, `note-${index}.md`));
    await Promise.all(paths.map((path, index) => writeFile(path, texts[index]!)));
    const bytes = new ByteArena();
    const read = paths.map((path) => readFrontMatterBytes(path, path, schema, bytes));
    // Checked after all were read: a later file must not overwrite an earlier one's bytes.
    read.forEach(({ data, body }, index) => {
      const expected = readFrontMatter(paths[index]!, paths[index]!, schema);
      expect(data).toEqual(expected.data);
      expect(Buffer.from(body).toString('utf8')).toBe(expected.body);
    });
  });

  it('reports a body of nothing but white space as empty, Unicode spaces included, as the text path does', async () => {
    for (const [name, body] of [['spaces', ' \n\t\r\n'], ['no-break spaces', '\u00A0\u2003\n'], ['a word after spaces', ' \u00A0 word']] as const) {
      const path = join(dir, `${name}.md`);
      await writeFile(path, `---\ntitle: x\n---\n${body}`);
      const asText = (() => {
        try {
          return readFrontMatter(path, `content/blog/${name}.md`, schema).body;
        } catch (error) {
          return (error as Error).message;
        }
      })();
      const asBytes = (() => {
        try {
          return Buffer.from(readFrontMatterBytes(path, `content/blog/${name}.md`, schema, new ByteArena()).body).toString('utf8');
        } catch (error) {
          return (error as Error).message;
        }
      })();
      expect(asBytes).toBe(asText);
      expect(asBytes).toBe(name === 'a word after spaces' ? body : `content/blog/${name}.md: body: is empty`);
    }
  });
});
