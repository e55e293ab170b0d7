/**
 * Reading one content file into a validated value. Every failure becomes a
 * ContentError naming the file (relative to the project), the field, and
 * what was expected.
 */
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import * as v from 'valibot';
import { ContentError, messageOf } from '../errors';
import type { ByteArena } from './byte-arena';
import { parseFrontMatter, splitFrontMatter, splitFrontMatterBytes, type FrontMatterSplit } from './front-matter';
import { renderMarkdown, UnsafeLinkError } from './markdown';

/**
 * Parsed content files by path, kept while a file's size and modification time
 * stay the same: a dev server or incremental build re-parses only what changed.
 * Failures are not kept, so a broken file is read again on the next attempt.
 */
export class ContentCache {
  private readonly entries = new Map<string, { version: string; value: Promise<unknown> }>();

  async read<T>(path: string, file: string, parse: () => Promise<T>): Promise<T> {
    let version: string;
    try {
      const info = await stat(path);
      version = `${info.mtimeMs}:${info.size}`;
    } catch (error) {
      throw new ContentError(file, '', `cannot be read (${messageOf(error)})`);
    }
    const entry = this.entries.get(path);
    if (entry?.version === version) return entry.value as Promise<T>;
    const value = parse();
    this.entries.set(path, { version, value });
    value.catch(() => this.entries.delete(path));
    return value;
  }
}

export async function readJson<T extends v.GenericSchema>(path: string, file: string, schema: T, cache?: ContentCache): Promise<v.InferOutput<T>> {
  if (cache) return cache.read(path, file, () => readJson(path, file, schema));
  const source = readText(path, file);
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    throw new ContentError(file, '', `is not valid JSON (${messageOf(error)})`);
  }
  return validate(file, schema, data);
}

export interface MarkdownDocument<T> {
  data: T;
  html: string;
  internalLinks: string[];
}

export async function readMarkdown<T extends v.GenericSchema>(path: string, file: string, schema: T, cache?: ContentCache): Promise<MarkdownDocument<v.InferOutput<T>>> {
  if (cache) return cache.read(path, file, () => readMarkdown(path, file, schema));
  const { data, body } = readFrontMatter(path, file, schema);
  return { data, ...renderBody(file, body) };
}

/** A Markdown file's validated front matter, and its body as written. */
export function readFrontMatter<T extends v.GenericSchema>(path: string, file: string, schema: T): { data: v.InferOutput<T>; body: string } {
  const split = checkSplit(file, splitFrontMatter(readText(path, file)), (body) => !body.trim());
  return { data: parseAndValidate(file, schema, split.frontMatter), body: split.body };
}

/**
 * readFrontMatter for the articles of a large build: the file is read as
 * bytes into `bytes`, only its front matter is decoded, and its body stays
 * UTF-8 bytes until it renders. Reading into one buffer per batch of files
 * saves an allocation, and decoding 7 KB of text, per article.
 */
export function readFrontMatterBytes<T extends v.GenericSchema>(path: string, file: string, schema: T, bytes: ByteArena): { data: v.InferOutput<T>; body: Uint8Array } {
  const split = splitMarkdownBytes(path, file, bytes);
  return { data: parseAndValidate(file, schema, split.frontMatter), body: split.body };
}

/** A Markdown file's body as bytes, its front matter read already (by another thread). */
export function readBodyBytes(path: string, file: string, bytes: ByteArena): Uint8Array {
  return splitMarkdownBytes(path, file, bytes).body;
}

/** The body's HTML and the site links in it. */
export function renderBody(file: string, body: string | Uint8Array): { html: string; internalLinks: string[] } {
  try {
    return renderMarkdown(body);
  } catch (error) {
    if (error instanceof UnsafeLinkError) throw new ContentError(file, 'body', error.message);
    throw new ContentError(file, 'body', `could not be rendered (${messageOf(error)})`, { cause: error });
  }
}

function parseAndValidate<T extends v.GenericSchema>(file: string, schema: T, frontMatter: string): v.InferOutput<T> {
  let data: unknown;
  try {
    data = parseFrontMatter(frontMatter);
  } catch (error) {
    throw new ContentError(file, 'front matter', `is not valid YAML (${firstLine(messageOf(error))})`);
  }
  return validate(file, schema, data, 'front matter: ');
}

function checkSplit<Body>(file: string, split: FrontMatterSplit<Body>, isBlank: (body: Body) => boolean): { frontMatter: string; body: Body } {
  if (!split.ok) {
    throw new ContentError(file, 'front matter', split.problem === 'missing' ? 'is missing: the file must start with a --- block' : 'is not closed: expected a line of --- after it');
  }
  if (isBlank(split.body)) throw new ContentError(file, 'body', 'is empty');
  return split;
}

function splitMarkdownBytes(path: string, file: string, bytes: ByteArena): { frontMatter: string; body: Uint8Array } {
  let source: Buffer;
  try {
    source = bytes.read(path);
  } catch (error) {
    throw new ContentError(file, '', `cannot be read (${messageOf(error)})`);
  }
  return checkSplit(file, splitFrontMatterBytes(source), isBlankBytes);
}

/** Whether UTF-8 text is only white space, as String.prototype.trim sees it; decoded only past ASCII. */
function isBlankBytes(text: Uint8Array): boolean {
  for (let at = 0; at < text.length; at += 1) {
    const byte = text[at]!;
    if (byte === 32 || (byte >= 9 && byte <= 13)) continue;
    return byte < 0x80 ? false : !Buffer.from(text.buffer, text.byteOffset + at, text.length - at).toString('utf8').trim();
  }
  return true;
}

/**
 * Synchronous on purpose: content files are small, and fs.promises.readFile
 * goes through the thread pool four times (open, stat, read, close),
 * measured six times slower per file than readFileSync here.
 */
function readText(path: string, file: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new ContentError(file, '', `cannot be read (${messageOf(error)})`);
  }
}

export function validate<T extends v.GenericSchema>(file: string, schema: T, data: unknown, prefix = ''): v.InferOutput<T> {
  const result = v.safeParse(schema, data, { abortPipeEarly: true });
  if (result.success) return result.output;
  const issue = result.issues[0];
  const field = prefix + (v.getDotPath(issue) ?? '(top level)').replace(/\.(\d+)(?=\.|$)/g, '[$1]');
  throw new ContentError(file, field, describeIssue(issue, schema));
}

function describeIssue(issue: v.BaseIssue<unknown>, root: v.GenericSchema): string {
  if (issue.type === 'strict_object' && issue.expected === 'never') return 'is not a known field (check its spelling)';
  if (issue.received === 'undefined') {
    // A missing key is reported by its parent object; the field's own schema says what belongs there.
    const expected = issue.type === 'strict_object' || issue.type === 'object' ? describeSchema(schemaAt(root, issue.path ?? [])) : expectedOf(issue);
    return `is missing: expected ${expected}`;
  }
  return `expected ${expectedOf(issue)}, found ${describeValue(issue.input)}`;
}

type AnySchema = v.GenericSchema & { entries?: Record<string, AnySchema>; item?: AnySchema; wrapped?: AnySchema };

function schemaAt(root: v.GenericSchema, path: readonly { key: unknown }[]): AnySchema | undefined {
  let schema: AnySchema | undefined = root as AnySchema;
  for (const { key } of path) {
    while (schema?.wrapped) schema = schema.wrapped;
    schema = typeof key === 'number' ? schema?.item : schema?.entries?.[String(key)];
  }
  return schema;
}

function describeSchema(schema: AnySchema | undefined): string {
  return (schema && typeNames[schema.type]) ?? 'a value';
}

/** Valibot's names for types (issue.expected and schema.type), as the error messages say them. */
const typeNames: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  boolean: 'true or false',
  Array: 'a list',
  array: 'a list',
  Object: 'an object',
  object: 'an object',
  strict_object: 'an object',
  picklist: 'one of the allowed values',
};

function expectedOf(issue: v.BaseIssue<unknown>): string {
  // Our own messages ("a lowercase slug…") read better than valibot's type names.
  if (!issue.message.startsWith('Invalid ')) return issue.message;
  return typeNames[issue.expected ?? ''] ?? issue.expected ?? 'another value';
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'string') return value.length > 60 ? `"${value.slice(0, 57)}…" (${value.length} characters)` : `"${value}"`;
  if (value === null) return 'null';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

function firstLine(text: string): string {
  return text.split('\n')[0] ?? text;
}
