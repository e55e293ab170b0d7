/**
 * A Markdown file's YAML front matter and body. js-yaml parses the YAML; the
 * split is one pattern. (gray-matter, which did this before, takes half as
 * long again for the same result: `npm run bench:stack`.)
 */
import { load } from 'js-yaml';

/** The body as text, or as UTF-8 bytes (splitFrontMatterBytes). */
export type FrontMatterSplit<Body = string> =
  | { ok: true; frontMatter: string; body: Body }
  | { ok: false; problem: 'missing' | 'unclosed' };

const block = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** The front matter block as written, and the body after it. */
export function splitFrontMatter(source: string): FrontMatterSplit {
  const match = block.exec(source);
  if (!match) return { ok: false, problem: problemOf(source) };
  return { ok: true, frontMatter: match[1] ?? '', body: source.slice(match[0].length) };
}

const closingFence = Buffer.from('\n---');

/**
 * splitFrontMatter for a file read as UTF-8 bytes: only the front matter is
 * decoded, and the body stays bytes (Markdown renders from bytes). The block
 * ends at a line of `---`, so the text up to the end of the first such line
 * that closes it splits exactly as the whole file would.
 */
export function splitFrontMatterBytes(source: Buffer): FrontMatterSplit<Uint8Array> {
  // A byte-order mark and the opening fence: without them no line closes a block.
  if (problemOf(source.toString('utf8', 0, 6)) === 'missing') return { ok: false, problem: 'missing' };
  for (let fence = source.indexOf(closingFence); fence !== -1; fence = source.indexOf(closingFence, fence + 1)) {
    const lineEnd = source.indexOf(10, fence + closingFence.length);
    const end = lineEnd === -1 ? source.length : lineEnd + 1;
    const match = block.exec(source.toString('utf8', 0, end));
    // The pattern cannot end inside the line it was given: a match closes the block on this line.
    if (match) return { ok: true, frontMatter: match[1] ?? '', body: source.subarray(end) };
  }
  return { ok: false, problem: 'unclosed' };
}

function problemOf(start: string): 'missing' | 'unclosed' {
  return /^\uFEFF?---/.test(start) ? 'unclosed' : 'missing';
}

/** Throws js-yaml's error when the block is not valid YAML. */
export function parseFrontMatter(frontMatter: string): unknown {
  return load(frontMatter) ?? {};
}
