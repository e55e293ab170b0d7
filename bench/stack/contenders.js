/**
 * The three steps and their two contenders each: the brief's choice and the
 * one the generator uses. Each contender is loaded by import() inside the
 * child process that times it (child.js), so its module load is timed apart
 * from its work, and returns the function applied to every article.
 *
 * The project's side copies what src/ does (src/ is TypeScript compiled on
 * its own, so it is not imported): keep these in step with
 * src/content/markdown.ts and src/content/front-matter.ts.
 */

/** src/content/front-matter.ts: the front matter block, split off with one pattern. */
export const frontMatterBlock = /^\uFEFF?---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** src/content/markdown.ts's flags, by name, as markdown-wasm's ParseFlags holds them. */
const markdownFlags = ['NO_HTML', 'TABLES', 'STRIKETHROUGH', 'TASK_LISTS', 'PERMISSIVE_URL_AUTO_LINKS', 'PERMISSIVE_WWW_AUTOLINKS', 'PERMISSIVE_EMAIL_AUTO_LINKS'];

export async function loadMarkdownWasm() {
  const markdown = await import('markdown-wasm');
  // The Node build compiles its WebAssembly as it loads; `ready` is there for builds that do not.
  await markdown.ready;
  const parseFlags = markdownFlags.reduce((flags, name) => flags | markdown.ParseFlags[name], 0);
  return (body) => markdown.parse(body, { parseFlags, allowJSURIs: true });
}

export async function loadProjectFrontMatter() {
  const { load } = await import('js-yaml');
  return (source) => {
    const match = frontMatterBlock.exec(source);
    if (!match) throw new Error('no front matter');
    return { data: load(match[1] ?? '') ?? {}, body: source.slice(match[0].length) };
  };
}

/** The article page rendered from the same templates, bundled for one library or the other (templates.js). */
function articleRenderer(library) {
  return async ({ bundles, layout, assets }) => {
    const { renderArticle } = await import(bundles[library]);
    return (page) => renderArticle(page, layout, assets);
  };
}

/** Where each step's contenders read their input from an article of inputs.json (see inputs.js). */
export const steps = {
  markdown: {
    label: 'Markdown → HTML',
    input: (article) => article.body,
    brief: {
      name: 'marked',
      packages: ['marked'],
      async load() {
        const { marked } = await import('marked');
        // GFM, as a typical configuration has it; synchronous, as a build calls it.
        return (body) => marked.parse(body, { gfm: true, async: false });
      },
    },
    ours: { name: 'markdown-wasm', packages: ['markdown-wasm'], load: loadMarkdownWasm },
  },
  frontMatter: {
    label: 'Front matter',
    input: (article) => article.source,
    brief: {
      name: 'gray-matter',
      packages: ['gray-matter', 'gray-matter/js-yaml'],
      async load() {
        const { default: matter } = await import('gray-matter');
        return (source) => matter(source);
      },
    },
    ours: { name: 'regex + js-yaml', packages: ['js-yaml'], load: loadProjectFrontMatter },
  },
  templates: {
    label: 'Article page (Article + DocumentHead)',
    input: (article) => article.page,
    brief: {
      name: 'React renderToStaticMarkup',
      packages: ['react', 'react-dom'],
      load: articleRenderer('react'),
    },
    ours: {
      name: 'Preact renderToString, precompiled JSX',
      packages: ['preact', 'preact-render-to-string'],
      load: articleRenderer('preact'),
    },
  },
};

/** The size of a contender's result, summed over the articles so the work cannot be optimised away (and as a sanity check). */
export function sizeOf(result) {
  if (typeof result === 'string') return result.length;
  if (result && typeof result.main === 'string') return result.main.length + result.head.length;
  if (result && typeof result.content === 'string') return result.content.length + Object.keys(result.data).length;
  return result.body.length + Object.keys(result.data).length;
}
