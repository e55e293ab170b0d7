/**
 * A Markdown file's front matter and body, split and parsed by gray-matter, safely:
 * - `---js` is refused, never evaluated: gray-matter's JavaScript engine runs the block with eval;
 * - gray-matter caches every file it parses unless given options, as it always is here: no file outlives its page;
 * - YAML's parser recurses per level: a block nested past what the stack allows gets well-formed.ts's words for it;
 * - YAML's core schema, without timestamps: an unquoted date is checked as text, where the default rolls 2026-02-30 on.
 */
import { createRequire } from 'node:module';
import type matter from 'gray-matter';
import { messageOf } from '../errors';
import { describeUnsafeCharacter, findUnsafeCharacter, lineAndColumn, nestedTooDeep } from './schemas/well-formed';
import type { IllFormed } from './schemas/well-formed';

type FrontMatter = { ok: true; data: unknown; body: string } | { ok: false; problem: string };
class JavaScriptRefused extends Error {}
const javaScriptProblem = 'is JavaScript (---js), which would run code when the site builds: write it in YAML';
const refuse = () => {
  throw new JavaScriptRefused();
};

const require = createRequire(import.meta.url);
let parseBlock: ((block: string) => matter.GrayMatterFile<string>) | undefined;

/** js-yaml takes its schema from gray-matter's options. */
function loadParser() {
  const grayMatter = require('gray-matter') as typeof matter;
  const { CORE_SCHEMA } = createRequire(require.resolve('gray-matter'))('js-yaml') as { CORE_SCHEMA: unknown };
  const options = { engines: { javascript: refuse, js: refuse }, schema: CORE_SCHEMA };
  return (block: string) => grayMatter(block, options as Parameters<typeof matter>[1]);
}

export function parseFrontMatter(source: string): FrontMatter {
  // gray-matter reads a file without a block as all body, an unclosed one as data to its end: both refused here first.
  const close = closingFence(source);
  if (close === undefined) return { ok: false, problem: 'is missing: the file must start with a --- block' };
  if (close === -1) return { ok: false, problem: 'is not closed: expected a line of --- after it' };
  // gray-matter closes the block at the first line starting with ---: the rest of a line of ---- would begin the body.
  const closing = /^[^\n]*/.exec(source.slice(close + 1))![0].trimEnd();
  if (closing !== '---')
    return { ok: false, problem: `ends with the line "${closing}": expected a line of exactly ---` };
  let parsed: matter.GrayMatterFile<string>;
  try {
    // Loaded lazily: a build that finds every file in the content index parses none.
    parseBlock ??= loadParser();
    // The block alone: gray-matter first looks the whole text up in its cache, costlier for a whole file than its YAML.
    parsed = parseBlock(source.slice(0, close + 4));
  } catch (error) {
    if (error instanceof JavaScriptRefused) return { ok: false, problem: javaScriptProblem };
    const tooDeep = error instanceof RangeError && /call stack/i.test(error.message);
    // Without the excerpt of the file the parser shows below its message's first line (which ends with a colon).
    const reason = tooDeep ? `it ${nestedTooDeep}` : messageOf(error).split('\n')[0]!.replace(/:$/, '');
    return { ok: false, problem: `is not valid YAML ${slipIn(source.slice(0, close)) ?? `(${reason})`}` };
  }
  // An empty block of `---js` parses nothing, but is refused all the same: the file asks for code to run.
  if (parsed.language === 'js' || parsed.language === 'javascript') return { ok: false, problem: javaScriptProblem };
  const at = (found: RegExpExecArray) => `at line ${source.slice(0, found.index).split('\n').length} (${found[1]})`;
  // Out of quotes, " #" starts a comment: "title: Local SEO #1 tips" would publish as "Local SEO", unremarked.
  const cut = /^([\w-]+):[ \t]+[^\s"'#|>[{].*?[ \t](#\S.*?)\s*$/m.exec(source.slice(0, close));
  if (cut) return { ok: false, problem: `${at(cut)}: " #" starts a comment, dropping "${cut[2]}": use double quotes` };
  // A value, or an item of a list, in quotes opened curly: closed straight too, as a pasted title and a typed end are.
  const curly = /^([\w-]+):[ \t]+(?:([“‘]).*["'”’]|\[(?:[^\]\n]*,)?[ \t]*([“‘])[^,\]\n]*["'”’][ \t]*[,\]].*)[ \t]*$/m;
  const quoted = curly.exec(source.slice(0, close));
  if (quoted) return { ok: false, problem: curlyQuote(at(quoted), quoted[2] ?? quoted[3]!) };
  return { ok: true, data: parsed.data, body: source.slice(bodyStart(source, close + 4)) };
}

/** The slips of a hand-written line that YAML's words (a key node is missed…) leave a marketer to guess at. */
function slipIn(block: string): string | undefined {
  for (const [index, line] of block.split('\n').entries()) {
    const [, key, value = ''] = /^\s*([\w-]+):\s*(.*?)\s*$/.exec(line) ?? [];
    const at = `at line ${index + 1}${key ? ` (${key})` : ''}`;
    if (/^[\w-]+:[^\s/]/.test(line)) return `${at}: a space is needed after "${key}:"`;
    if (/^ *\t/.test(line)) return `${at}: it is indented with a tab: indent with spaces`;
    if (/^'[^']*'[^']+'/.test(value)) return `${at}: an apostrophe in single quotes ends the text: use double quotes`;
    if (/^"([^"\\]|\\.)*($|"\S)|^'[^']*$/.test(value))
      return `${at}: its quotes do not pair up: close it, write \\" inside`;
    if (/^\[(.*["']\s+["']|[^\]]*["']$)/.test(value)) return `${at}: expected a list such as ["seo", "ads"]`;
    if (/^[“‘]/.test(value)) return curlyQuote(at, value[0]!);
    if (/^[^"'[{|>].*?(: |:$)/.test(value)) return `${at}: a ": " out of quotes starts a field: use double quotes`;
    if (key && /^\S/.test(line) && block.split('\n', index).some((before) => before.startsWith(`${key}:`)))
      return `${at}: "${key}" is given twice: keep one`;
    if (/^ +[\w-]+:/.test(line) && /^[\w-]+:[ \t]*[^\s|>]/.test(block.split('\n', index).at(-1)!))
      return `${at}: it is indented: start the field at the line's start`;
  }
}

/** Quotes pasted from a word processor are curly: YAML reads them as letters, which the page would show. */
const curlyQuote = (at: string, quote: string) =>
  `${at}: ${quote} is a curly quote, which would show on the page: write straight double quotes, as in "…"`;

/** Where the YAML starts, its closing fence's line starts, and the body starts, by parseFrontMatter's rules. */
export function frontMatterPlaces(source: string): { start: number; end: number; body: number } | undefined {
  const close = closingFence(source);
  if (close === undefined || close === -1) return undefined;
  return { start: source.indexOf('\n') + 1, end: close + 1, body: bodyStart(source, close + 4) };
}

/** The \n before a later line starting ---; -1 if none, undefined if the first line is not --- (or is ----). */
function closingFence(source: string): number | undefined {
  const open = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  return !source.startsWith('---', open) || source[open + 3] === '-' ? undefined : source.indexOf('\n---', open + 3);
}

/**
 * The first character a Markdown file may not hold, by line and column: a body never becomes values for validate to
 * check, so the text is checked whole. What YAML escapes make ("\0") is checked with the values, once parsed.
 */
export function findUnsafeMarkdownText(source: string): IllFormed | undefined {
  const found = findUnsafeCharacter(source);
  if (!found) return undefined;
  const close = closingFence(source);
  const inBody = close === undefined || (close !== -1 && found.index > close + 4);
  const where = `at ${lineAndColumn(source, found.index)}`;
  return { field: inBody ? 'body' : 'front matter', problem: describeUnsafeCharacter(found, where) };
}

/** Past one line break, as gray-matter makes a file's content. */
const bodyStart = (source: string, afterFence: number) =>
  afterFence + /^\r?\n?/.exec(source.slice(afterFence, afterFence + 2))![0].length;
