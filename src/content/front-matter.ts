/**
 * A Markdown file's YAML front matter and body. js-yaml parses the YAML; the
 * split is one pattern. (gray-matter, which did this before, takes half as
 * long again for the same result: `npm run bench:stack`.)
 */
import { load } from 'js-yaml';

export type FrontMatterSplit =
  | { ok: true; frontMatter: string; body: string }
  | { ok: false; problem: 'missing' | 'unclosed' };

const block = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** The front matter block as written, and the body after it. */
export function splitFrontMatter(source: string): FrontMatterSplit {
  const match = block.exec(source);
  if (!match) return { ok: false, problem: /^\uFEFF?---/.test(source) ? 'unclosed' : 'missing' };
  return { ok: true, frontMatter: match[1] ?? '', body: source.slice(match[0].length) };
}

/** Throws js-yaml's error when the block is not valid YAML. */
export function parseFrontMatter(frontMatter: string): unknown {
  return load(frontMatter) ?? {};
}
