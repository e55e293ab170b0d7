/**
 * A Markdown file's YAML front matter and body. js-yaml parses the YAML; the
 * split is one pattern. (gray-matter, which did this before, takes half as
 * long again for the same result: `npm run bench:stack`.)
 */
import { load } from 'js-yaml';

export type FrontMatterSplit =
  | { ok: true; data: unknown; body: string }
  | { ok: false; problem: 'missing' | 'unclosed' };

const block = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** Throws js-yaml's error when the block is not valid YAML. */
export function splitFrontMatter(source: string): FrontMatterSplit {
  const match = block.exec(source);
  if (!match) return { ok: false, problem: /^\uFEFF?---/.test(source) ? 'unclosed' : 'missing' };
  return { ok: true, data: load(match[1] ?? '') ?? {}, body: source.slice(match[0].length) };
}
