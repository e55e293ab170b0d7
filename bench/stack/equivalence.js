/**
 * Are the two contenders of each step doing the same work? Every article is
 * run through both, in this process, and their outputs compared in the terms
 * that matter to a reader: the text for Markdown (the two parsers write
 * different but equivalent markup: heading anchors, <b> for <strong>), the
 * data and body for front matter, and for the templates every element with
 * its attributes and all the text, after HTML parsing (so `<br/>` and `<br>`,
 * `charSet` and `charset`, `&#x27;` and `'` count as the same).
 *
 * Returns lines for the report: notes on expected differences, warnings
 * ("warning: ...") on material ones.
 */
import * as cheerio from 'cheerio';
import { steps } from './contenders.js';

const collapse = (text) => text.replace(/\s+/g, ' ').trim();

function textOf(html) {
  return collapse(cheerio.load(html, null, false).root().text());
}

/** Every element as `<tag a="1" b="2">` (attributes sorted, values decoded) in document order, and the text. */
function shapeOf(html) {
  const $ = cheerio.load(html, null, false);
  const elements = [];
  $('*').each((_, element) => {
    const attributes = Object.entries(element.attribs)
      .map(([name, value]) => `${name}="${value}"`)
      .sort();
    elements.push(`<${[element.name, ...attributes].join(' ')}>`);
  });
  return { elements, text: collapse($.root().text()) };
}

/** Elements one side has more of than the other, by their full signature. */
function extraElements(a, b) {
  const counts = new Map();
  for (const element of a) counts.set(element, (counts.get(element) ?? 0) + 1);
  for (const element of b) counts.set(element, (counts.get(element) ?? 0) - 1);
  return [...counts].filter(([, count]) => count > 0).map(([element]) => element);
}

/**
 * An element as a kind of difference: the values that say what it is (rel,
 * as, type) are kept, the article's own URLs and words are dropped, so one
 * kind of difference is named once however many articles show it.
 */
function kindOf(element) {
  return element.replace(/ ([\w:-]+)="([^"]*)"/g, (_, name, value) => (['rel', 'as', 'type'].includes(name) ? ` ${name}="${value}"` : ` ${name}`));
}

export async function checkEquivalence(inputs, bundles) {
  const context = { bundles, layout: inputs.layout, assets: inputs.assets };
  const load = async (step) => [await steps[step].brief.load(context), await steps[step].ours.load(context)];
  const lines = [];
  const { articles } = inputs;

  // Markdown: the same text, article for article.
  {
    const [marked, md4c] = await load('markdown');
    const differing = articles.filter((article) => textOf(marked(article.body)) !== textOf(md4c(article.body)));
    lines.push(
      differing.length
        ? `warning: Markdown: the text of ${differing.length} of ${articles.length} articles differs between marked and markdown-wasm`
        : `Markdown: marked and markdown-wasm give the same text for all ${articles.length} articles (their markup differs as expected: md4c's heading anchors and <b>)`,
    );
  }

  // Front matter: the same data and the same body.
  {
    const [grayMatter, project] = await load('frontMatter');
    const differing = articles.filter((article) => {
      const a = grayMatter(article.source);
      const b = project(article.source);
      // gray-matter leaves the newline after the closing `---` on the body; the project's pattern takes it.
      return JSON.stringify(a.data) !== JSON.stringify(b.data) || a.content.replace(/^\r?\n/, '') !== b.body;
    });
    lines.push(
      differing.length
        ? `warning: front matter: gray-matter and regex + js-yaml disagree on ${differing.length} of ${articles.length} articles`
        : `Front matter: gray-matter and regex + js-yaml give the same data and body for all ${articles.length} articles`,
    );
  }

  // Templates: the same elements, attributes and text; extra elements are named.
  {
    const [react, preact] = await load('templates');
    let textDiffers = 0;
    let elementsDiffer = 0;
    const reactOnly = new Map();
    const preactOnly = new Map();
    for (const article of articles) {
      const r = react(article.page);
      const p = preact(article.page);
      for (const part of ['main', 'head']) {
        const a = shapeOf(r[part]);
        const b = shapeOf(p[part]);
        if (a.text !== b.text) textDiffers += 1;
        if (a.elements.join('') !== b.elements.join('')) {
          elementsDiffer += 1;
          for (const element of extraElements(a.elements, b.elements)) reactOnly.set(kindOf(element), (reactOnly.get(kindOf(element)) ?? 0) + 1);
          for (const element of extraElements(b.elements, a.elements)) preactOnly.set(kindOf(element), (preactOnly.get(kindOf(element)) ?? 0) + 1);
        }
      }
    }
    const pages = articles.length * 2;
    if (textDiffers) lines.push(`warning: templates: the text differs between React and Preact in ${textDiffers} of ${pages} renders (main and head of each article)`);
    if (elementsDiffer) {
      const describe = (map) => [...map].map(([kind, times]) => `${kind} (${times} renders)`).join('; ') || 'none';
      // An element one side adds (React 19 preloads an eagerly loaded image, say) is extra work it does, so it is reported, not hidden.
      lines.push(`Templates: elements differ in ${elementsDiffer} of ${pages} renders. Only React: ${describe(reactOnly)}. Only Preact: ${describe(preactOnly)}.`);
      const resourceHint = /^<link [^>]*rel="(?:preload|modulepreload|prefetch|preconnect|dns-prefetch)"/;
      const kinds = [...reactOnly.keys(), ...preactOnly.keys()];
      // No extra element on either side, yet a difference: the same elements in another order.
      const material = kinds.length === 0 || kinds.some((kind) => !resourceHint.test(kind));
      if (material) lines.push('warning: templates: React and Preact render different elements or attributes, or in a different order, beyond resource hints');
      else if (!textDiffers) lines.push('Templates: apart from that, the same elements, attributes and text from React and Preact');
    } else if (!textDiffers) {
      lines.push(`Templates: React and Preact render the same elements, attributes and text for all ${pages} renders`);
    }
  }
  return lines;
}
