/**
 * A Markdown file's front matter and body, split and parsed by gray-matter,
 * safely:
 *
 * - a JavaScript front matter (`---js`, `---javascript`) is refused, never
 *   evaluated: gray-matter's JavaScript engine runs the block with eval;
 * - gray-matter keeps every file it parses in a module-wide cache, keyed by
 *   the whole file, unless it is given options: it always is, so a build or
 *   a dev server that runs for days holds no file after its page is made;
 * - YAML's parser recurses once per level of nesting: a block nested deeper
 *   than the stack allows is refused in the words any nesting too deep is
 *   refused in once parsed (schemas/well-formed.ts);
 * - YAML's core schema, without its timestamps: an unquoted date is read as
 *   the text it is, and checked as a quoted one is, where the default schema
 *   makes it a time and rolls a day that does not exist (2026-02-30) over into
 *   another month.
 */
import { createRequire } from 'node:module';
import type matter from 'gray-matter';
import { messageOf } from '../errors';
import {
  describeUnsafeCharacter,
  findUnsafeCharacter,
  lineAndColumn,
  nestedTooDeep,
  type IllFormed,
} from './schemas/well-formed';

/** A file's data and body, or what is wrong with its front matter, as its error says it. */
type FrontMatter = { ok: true; data: unknown; body: string } | { ok: false; problem: string };

/** Thrown by the engines that would run code, and caught below. */
class JavaScriptRefused extends Error {}
const javaScriptProblem = 'is JavaScript (---js), which would run code when the site builds: write it in YAML';
const refuse = () => {
  throw new JavaScriptRefused();
};

const require = createRequire(import.meta.url);
let parseBlock: ((block: string) => matter.GrayMatterFile<string>) | undefined;

/** gray-matter, its YAML parser (js-yaml, which takes its schema from gray-matter's options) given YAML's core schema. */
function loadParser() {
  const grayMatter = require('gray-matter') as typeof matter;
  const { CORE_SCHEMA } = createRequire(require.resolve('gray-matter'))('js-yaml') as { CORE_SCHEMA: unknown };
  const options = { engines: { javascript: refuse, js: refuse }, schema: CORE_SCHEMA };
  return (block: string) => grayMatter(block, options as Parameters<typeof matter>[1]);
}

export function parseFrontMatter(source: string): FrontMatter {
  // gray-matter reads a file without a block as all body and no data, and an unclosed block to the end of the file as
  // data: both are errors here, told apart before it parses, by its own rules (a first line of ---, and a later one).
  const close = closingFence(source);
  if (close === undefined) return { ok: false, problem: 'is missing: the file must start with a --- block' };
  if (close === -1) return { ok: false, problem: 'is not closed: expected a line of --- after it' };
  // gray-matter closes the block at the first line that starts with ---: the rest of a line of ---- would begin the body.
  const lineEnd = source.indexOf('\n', close + 1);
  const closing = source.slice(close + 1, lineEnd === -1 ? undefined : lineEnd).trimEnd();
  if (closing !== '---')
    return { ok: false, problem: `ends with the line "${closing}": expected a line of exactly ---` };
  let parsed: matter.GrayMatterFile<string>;
  try {
    // Loaded the first time a file is parsed: a build that finds every file in the content index parses none.
    parseBlock ??= loadParser();
    // The block alone, closing fence and all: gray-matter looks every text up in its cache first, by the whole text, which
    // for a whole file cost more than parsing its YAML. Given up to the fence, it parses the same block the same way.
    parsed = parseBlock(source.slice(0, close + 4));
  } catch (error) {
    if (error instanceof JavaScriptRefused) return { ok: false, problem: javaScriptProblem };
    const tooDeep = error instanceof RangeError && /call stack/i.test(error.message);
    // Without the excerpt of the file the parser shows below its message, which its first line ends with a colon to introduce.
    const reason = tooDeep ? `it ${nestedTooDeep}` : messageOf(error).split('\n')[0]!.replace(/:$/, '');
    return { ok: false, problem: `is not valid YAML (${reason})` };
  }
  // An empty block of `---js` parses nothing, but is refused all the same: the file asks for code to run.
  if (parsed.language === 'js' || parsed.language === 'javascript') return { ok: false, problem: javaScriptProblem };
  return { ok: true, data: parsed.data, body: source.slice(bodyStart(source, close + 4)) };
}

/**
 * Where the front matter and body are, by the rules parseFrontMatter reads a
 * file by: the YAML's first character (after the opening fence's line), the
 * start of the closing fence's line, and the body; none without a closed block.
 */
export function frontMatterPlaces(source: string): { start: number; end: number; body: number } | undefined {
  const close = closingFence(source);
  if (close === undefined || close === -1) return undefined;
  return { start: source.indexOf('\n') + 1, end: close + 1, body: bodyStart(source, close + 4) };
}

/**
 * Where the line break before the closing fence of a file's front matter
 * is: -1 if the block is not closed, none if the file does not start with
 * one. gray-matter's own rules: a first line of --- (not ----), and a later
 * line starting with ---.
 */
function closingFence(source: string): number | undefined {
  const open = source.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (!source.startsWith('---', open) || source[open + 3] === '-') return undefined;
  return source.indexOf('\n---', open + 3);
}

/**
 * The first character a Markdown file may not hold (schemas/well-formed.ts),
 * named by the part of the file it is in and by line and column, as an
 * editor shows them: a body is never parsed into values for validate to
 * check, so its text is checked whole. What the front matter's YAML escapes
 * make ("\0") is checked with its values, once parsed.
 */
export function findUnsafeMarkdownText(source: string): IllFormed | undefined {
  const found = findUnsafeCharacter(source);
  if (!found) return undefined;
  const close = closingFence(source);
  const inBody = close === undefined || (close !== -1 && found.index > close + 4);
  return {
    field: inBody ? 'body' : 'front matter',
    problem: describeUnsafeCharacter(found, `at ${lineAndColumn(source, found.index)}`),
  };
}

/** Where what follows the closing fence begins, as gray-matter makes a file's content of it: past one line break. */
function bodyStart(source: string, afterFence: number): number {
  let start = afterFence;
  if (source[start] === '\r') start += 1;
  if (source[start] === '\n') start += 1;
  return start;
}
