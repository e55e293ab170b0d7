/** Content files read from the disk; what a value is checked against, wherever it was read from, is validate.ts. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as jsonc from 'jsonc-parser';
import * as v from 'valibot';
import { ContentError, messageOf } from '../errors';
import { unlessThrown } from '../unless-thrown';
import { findUnsafeMarkdownText, parseFrontMatter } from './front-matter';
import { fieldName, lineAndColumn } from './schemas/well-formed';
import { requireBody, validate } from './validate';

export function readJson(path: string, file: string): unknown {
  const source = readText(path, file);
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (error) {
    throw new ContentError(file, '', `is not valid JSON (${whereItFails(messageOf(error), source)})`);
  }
  // JSON.parse keeps the last of a key given twice, without a word: fewer keys parsed than written says one was.
  if (keysWritten(source) !== keysParsed(value)) refuseRepeatedKey(file, source);
  return value;
}

/** Every string of valid JSON followed by a colon is a key; the whole strings are taken, so none is read from inside one. */
const keysWritten = (source: string) =>
  [...source.matchAll(/"(?:[^"\\]|\\.)*"(\s*:)?/g)].filter((key) => key[1]).length;

/** Counted without recursion: how deep a file may nest is checked later, with a message of its own. */
function keysParsed(value: unknown): number {
  let keys = 0;
  const pending = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (next === null || typeof next !== 'object') continue;
    if (!Array.isArray(next)) keys += Object.keys(next).length;
    for (const item of Object.values(next)) pending.push(item);
  }
  return keys;
}

/** jsonc-parser, loaded only to say where a file goes wrong: a build that reads good JSON does not pay for it. */
const jsoncParser = () => createRequire(import.meta.url)('jsonc-parser') as typeof jsonc;

/** The first key given twice, in the file's order. */
function refuseRepeatedKey(file: string, source: string): void {
  const { parseTree, getNodePath } = jsoncParser();
  const lineAt = (offset: number) => source.slice(0, offset).split('\n').length;
  const pending = [parseTree(source)];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!node) continue;
    const lines = new Map<string, number>();
    for (const [key, value] of node.type === 'object' ? (node.children ?? []).map((pair) => pair.children!) : []) {
      const first = lines.get(key!.value as string);
      if (first === undefined) lines.set(key!.value as string, lineAt(key!.offset));
      else {
        const again = lineAt(key!.offset);
        const where = again === first ? `on line ${first}` : `at lines ${first} and ${again}`;
        throw new ContentError(file, fieldName(getNodePath(value!)), `is given twice, ${where}: keep one`);
      }
    }
    for (const child of [...(node.children ?? [])].reverse()) pending.push(child);
  }
}

/** JSON.parse names a position for some errors only, and for others quotes the text around it: jsonc-parser finds it. */
function whereItFails(message: string, source: string): string {
  const errors: jsonc.ParseError[] = [];
  jsoncParser().parse(source, errors, { allowTrailingComma: false, disallowComments: true });
  const offset = errors[0]?.offset ?? Number(/at position (\d+)/.exec(message)?.[1] ?? source.length);
  // JSON allows no comma after a list's or an object's last item: named where it is, not at the bracket after it.
  const comma = /,\s*$/.exec(source.slice(0, offset));
  if (comma && /^[\]}]/.test(source.slice(offset)))
    return `a comma after the last item, at line ${source.slice(0, comma.index).split('\n').length}: remove it`;
  const what = message.replace(/, (?:\.\.\.)?"[\s\S]* is not valid JSON$| in JSON at position \d+[\s\S]*$/, '');
  const where = `at ${lineAndColumn(source, offset)}`;
  // Words pasted from a word processor bring its curly quotes; a text left open runs into the line's end.
  const curly = /[“”‘’]/.exec(source[offset] ?? '')?.[0];
  if (curly) return `a curly quote ${curly} ${where}: JSON takes straight quotes, write " in its place`;
  if (source[offset] === "'") return `a ' ${where}: JSON takes double quotes, write " in its place`;
  if (/^\/[/*]/.test(source.slice(offset))) return `a comment ${where}: JSON has none, remove it`;
  if (/^Bad control character/.test(what)) return `a text not closed on its line, ${where}: a " missing at its end`;
  if (!source.slice(offset).trim()) return `it ends too soon, ${where}: a closing } or ] missing, or its end cut off`;
  if (/^Expected ',' or '[\]}]' after/.test(what)) return `a comma missing before what starts ${where}`;
  return `${what} ${where}`;
}

export function splitMarkdown<T extends v.GenericSchema>(text: string, file: string, schema: T) {
  const { data, ...body } = split(text, file);
  return { data: validate(file, schema, data, 'front matter: '), ...body };
}

export const readBody = (path: string, file: string) => split(readText(path, file), file);

function split(text: string, file: string): { data: unknown; body: string; line: number } {
  const parsed = parseFrontMatter(text);
  if (!parsed.ok) throw new ContentError(file, 'front matter', parsed.problem);
  requireBody(file, parsed.body);
  return { data: parsed.data, body: parsed.body, line: text.split('\n').length - parsed.body.split('\n').length + 1 };
}

/** The largest content file a build reads: a page of text is a few kilobytes, and a file this large is a mistake (a pasted image, a log). */
const maxContentFileBytes = 1024 * 1024;

// Fatal: a file that is not UTF-8 would build with U+FFFD in place of what the author wrote.
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** What `read` gives of a content file, or the error that names the file unreadable. */
export function readable<T>(file: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    const gone = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ContentError(file, '', gone ? 'is missing: the site needs it' : `cannot be read (${messageOf(error)})`);
  }
}

/** Synchronous: content files are small, and fs.promises.readFile goes through the thread pool four times for each. */
export function readText(path: string, file: string): string {
  const bytes = readable(file, () => readFileSync(path));
  if (bytes.length > maxContentFileBytes) {
    const size = (bytes: number) => `${Math.ceil(bytes / 1024).toLocaleString('en-GB')} KB`;
    const problem = `is ${size(bytes.length)}: expected at most ${size(maxContentFileBytes)} of text (is something other than text pasted into it?)`;
    throw new ContentError(file, '', problem);
  }
  const text = unlessThrown(() => utf8.decode(bytes));
  if (text === undefined) {
    const problem = `is not UTF-8 text (line ${lineOfFirstInvalidByte(bytes)} holds bytes that are not): save it as UTF-8`;
    throw new ContentError(file, '', problem);
  }
  // A JSON file's characters are checked in its values, field by field (validate); a Markdown body never becomes values.
  const unsafe = file.endsWith('.md') ? findUnsafeMarkdownText(text) : undefined;
  if (unsafe) throw new ContentError(file, unsafe.field, unsafe.problem);
  return text;
}

/** The line where UTF-8 decoding first fails, for the error message: a line break (byte 10) is never part of a longer character, so each line decodes alone. */
function lineOfFirstInvalidByte(bytes: Buffer): number {
  for (let line = 1, start = 0; ; line += 1) {
    const end = bytes.indexOf(10, start);
    const decoded = unlessThrown(() => utf8.decode(bytes.subarray(start, end === -1 ? bytes.length : end)));
    if (decoded === undefined || end === -1) return line;
    start = end + 1;
  }
}
