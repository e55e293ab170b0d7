/**
 * node:module, as the Markdown renderer (src/content/markdown.ts) names it:
 * in Node it loads marked and entities' decoder the first time a body needs
 * them; here they are in the bundle, and require hands them out.
 */
import * as marked from 'marked';
import * as decode from 'entities/decode';

const modules: Record<string, unknown> = { marked, 'entities/decode': decode };

export function createRequire(): (id: string) => unknown {
  return (id) => {
    if (!(id in modules)) throw new Error(`the editor's bundle holds no ${id}`);
    return modules[id];
  };
}
