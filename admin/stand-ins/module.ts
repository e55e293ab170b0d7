/**
 * node:module, as the Markdown renderer (src/content/markdown.ts) names it:
 * in Node it loads marked, marked-footnote and entities' decoder the first
 * time a body needs them; here they are in the bundle, and require hands them
 * out (marked-footnote as Node's require gives it: its function).
 */
import * as marked from 'marked';
import markedFootnote from 'marked-footnote';
import * as decode from 'entities/decode';

const modules: Record<string, unknown> = { marked, 'marked-footnote': markedFootnote, 'entities/decode': decode };

export function createRequire(): (id: string) => unknown {
  return (id) => {
    if (!(id in modules)) throw new Error(`the editor's bundle holds no ${id}`);
    return modules[id];
  };
}
