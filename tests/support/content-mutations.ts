/**
 * Random breakage of one content file, for property tests of the build: a
 * mutation is plain data (fast-check prints it with a failure, and shrinks
 * it), applied to the file's bytes by `mutate`. Choices inside a file
 * (which value, which line, which byte) are numbers taken modulo what the
 * file holds, so one mutation applies to any file.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { projectRoot } from './cli';

/** Every text file of the real content/ (its JSON and Markdown, not the images of images/), relative to it. */
export const contentFiles = readdirSync(join(projectRoot, 'content'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(json|md)$/.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name).slice(join(projectRoot, 'content').length + 1))
  .sort();

export type Mutation = { file: string; at: number } & (
  | { kind: 'retype' | 'add'; value: unknown; key: string }
  | { kind: 'remove' }
  | { kind: 'nest'; levels: number; brackets: '[]' | '{}' }
  | { kind: 'character'; offset: number; character: string }
  | { kind: 'insert bytes'; bytes: number[] }
  | { kind: 'insert text'; text: string }
  | { kind: 'remove bytes'; length: number }
  | { kind: 'truncate' }
  | { kind: 'front matter line'; line: string }
);

/** What JSON and YAML may not hold in a text, and what they may: every control character, lone surrogates, tab, LF and CR. */
const character = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.constantFrom('\t', '\n', '\r', '\r\n', '😀'),
);

/** A few levels deep, past the limit of 32, or past what a recursive parser's stack holds. */
const levels = fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 41, max: 20_000 }));

const jsonValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary', maxLength: 40 }));

/** Lines of front matter: broken YAML, values of the wrong type, escapes, nesting, aliases. */
const frontMatterLine = fc.oneof(
  fc.constantFrom(
    'title: [unclosed "',
    'title',
    ': no key',
    '  indented: x',
    'title: "a\\0b"',
    'title: "Boilers \\ud83d"',
    'author: "\\x07"',
    'author: !!binary aGVsbG8=',
    'title: &loop [*loop]',
    'date: 2024-13-45',
    'date: 2024-02-13T01:00:00+05:00',
    'readTime: "seven"',
    'featured: maybe',
    'slug: "../../outside"',
    'keywords: []',
    'image: "javascript:alert(1)"',
    '---',
    '---js',
  ),
  levels.map((count) => `title: ${'['.repeat(count)}${']'.repeat(count)}`),
  levels.map((count) => `keywords:\n${'- '.repeat(count)}x`),
  fc
    .tuple(fc.constantFrom('title', 'slug', 'excerpt', 'date', 'readTime', 'featured', 'order', 'extra'), jsonValue)
    .map(([key, value]) => `${key}: ${JSON.stringify(value)}`),
);

export const mutation: fc.Arbitrary<Mutation> = fc
  .record({ file: fc.constantFrom(...contentFiles), at: fc.nat() })
  .chain((target) => {
    const bytes = [
      fc.record({
        kind: fc.constant('insert bytes' as const),
        // Printable ASCII as often as any byte: words typed into a file, as well as bytes that are not text.
        bytes: fc.array(fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0, max: 255 })), {
          minLength: 1,
          maxLength: 8,
        }),
      }),
      fc.record({
        kind: fc.constant('insert text' as const),
        text: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
      }),
      fc.record({ kind: fc.constant('remove bytes' as const), length: fc.integer({ min: 1, max: 200 }) }),
      fc.record({ kind: fc.constant('truncate' as const) }),
      fc.record({ kind: fc.constant('character' as const), offset: fc.nat(), character }),
    ];
    const structured = target.file.endsWith('.json')
      ? [
          fc.record({
            kind: fc.constantFrom('retype' as const, 'add' as const),
            value: jsonValue,
            key: fc.string({ maxLength: 12 }),
          }),
          fc.record({ kind: fc.constant('remove' as const) }),
          fc.record({
            kind: fc.constant('nest' as const),
            levels,
            brackets: fc.constantFrom('[]' as const, '{}' as const),
          }),
        ]
      : [fc.record({ kind: fc.constant('front matter line' as const), line: frontMatterLine })];
    return fc.oneof(...bytes, ...structured).map((change) => ({ ...target, ...change }) as Mutation);
  });

/** The file's bytes after the mutation. */
export function mutate(bytes: Buffer, change: Mutation): Buffer {
  switch (change.kind) {
    case 'insert bytes': {
      const at = change.at % (bytes.length + 1);
      return Buffer.concat([bytes.subarray(0, at), Buffer.from(change.bytes), bytes.subarray(at)]);
    }
    case 'insert text':
      return mutate(bytes, { ...change, kind: 'insert bytes', bytes: [...Buffer.from(change.text)] });
    case 'remove bytes': {
      const at = change.at % bytes.length;
      return Buffer.concat([bytes.subarray(0, at), bytes.subarray(at + change.length)]);
    }
    case 'truncate':
      return bytes.subarray(0, change.at % bytes.length);
    case 'front matter line':
      return Buffer.from(replaceFrontMatterLine(bytes.toString('utf8'), change.at, change.line));
    case 'character':
      return change.file.endsWith('.json')
        ? Buffer.from(mutateJson(bytes.toString('utf8'), change))
        : insertCharacter(bytes, change.at, change.character);
    default:
      return Buffer.from(mutateJson(bytes.toString('utf8'), change));
  }
}

/** A Markdown file with a character written into its text as UTF-8 would write it (a lone surrogate as the bytes of one). */
function insertCharacter(bytes: Buffer, at: number, text: string): Buffer {
  const code = text.charCodeAt(0);
  const encoded =
    text.length === 1 && code >= 0xd800 && code <= 0xdfff
      ? Buffer.from([0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)])
      : Buffer.from(text);
  const position = at % (bytes.length + 1);
  return Buffer.concat([bytes.subarray(0, position), encoded, bytes.subarray(position)]);
}

function replaceFrontMatterLine(text: string, at: number, line: string): string {
  const lines = text.split('\n');
  const close = lines.indexOf('---', 1);
  const index = close > 1 ? 1 + (at % (close - 1)) : 0;
  return [...lines.slice(0, index), line, ...lines.slice(index + 1)].join('\n');
}

type Path = (string | number)[];
type Container = Record<string | number, unknown>;

/** Stands for a nesting too deep to build as a value and serialise (JSON.stringify recurses): written in as text. */
const nestingMark = '@@nesting@@';

function mutateJson(source: string, change: Mutation): string {
  const data = JSON.parse(source) as unknown;
  const paths = pathsIn(data);
  const path = paths[change.at % paths.length]!;
  const parent = valueAt(data, path.slice(0, -1)) as Container;
  const key = path[path.length - 1]!;
  let nesting = '';
  switch (change.kind) {
    case 'retype':
      parent[key] = change.value;
      break;
    case 'add':
      if (Array.isArray(parent)) parent.splice(Number(key), 0, change.value);
      else parent[change.key] = change.value;
      break;
    case 'remove':
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete parent[key];
      break;
    case 'nest':
      parent[key] = nestingMark;
      nesting =
        change.brackets === '[]'
          ? '['.repeat(change.levels) + ']'.repeat(change.levels)
          : '{"a":'.repeat(change.levels) + '1' + '}'.repeat(change.levels);
      break;
    case 'character': {
      const strings = paths.filter((candidate) => typeof valueAt(data, candidate) === 'string');
      const target = strings[change.at % strings.length]!;
      const holder = valueAt(data, target.slice(0, -1)) as Container;
      const last = target[target.length - 1]!;
      const text = holder[last] as string;
      const offset = change.offset % (text.length + 1);
      holder[last] = text.slice(0, offset) + change.character + text.slice(offset);
      break;
    }
  }
  return JSON.stringify(data, null, 2).replace(JSON.stringify(nestingMark), nesting);
}

function valueAt(data: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, key) => (value as Container)[key], data);
}

/** The path of every value in a parsed JSON file but the file itself, outermost first. */
function pathsIn(value: unknown, path: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
  return entries.flatMap(([key, item]) => [[...path, key], ...pathsIn(item, [...path, key])]);
}
