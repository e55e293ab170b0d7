/** budgets: per page, what a phone on a slow network downloads, gzipped, in budget; and no script it does not use. */
import { gzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import { decoded, pathOfLink } from '../../paths';
import { attributeValues, readBuiltFile } from '../built-site';
import { gateResult, reportTo } from '../types';
import type { BuiltPage, CheckContext, Finding, GateResult, Report } from '../types';

const KB = 1024;
export const budgets = {
  html: 14 * KB,
  homeHtml: 20 * KB,
  css: 12 * KB,
  jsAtLoad: 7 * KB,
  /** A form's code, Preact's among it, loaded on its first focus or touch (islands/lib/hydrate-on-use.ts). */
  jsFirstFormUse: 14 * KB,
  wholeImage: 400 * KB, // a photo with no smaller sizes offered (a file of public/ in a body), saved 1,500 px wide
};

/** Gzipped at zlib's default level, as most hosts serve it: a conservative measure (level 9 and Brotli are smaller). */
export const gzippedSize = (content: string | Uint8Array) => gzipSync(content).byteLength;

export async function checkBudgets(context: CheckContext): Promise<GateResult> {
  const findings: Finding[] = [];
  const sizeOf = gzippedFileSizes(context.dir);
  let heaviest: { path: string; js: number } | undefined;
  for (const page of context.pages) {
    const js = checkPage(page, context.dir, sizeOf, reportTo(findings, page.path));
    if (!heaviest || js > heaviest.js) heaviest = { path: page.path, js };
  }
  const heaviestJs = heaviest ? `${kb(heaviest.js)} on ${heaviest.path}` : 'none';
  return gateResult('budgets', `${context.pages.length} pages; heaviest JavaScript ${heaviestJs}`, findings);
}

/** Reports the page's missing files, weight over budget and unused scripts; returns its JavaScript's weight at load. */
function checkPage(page: BuiltPage, dir: string, sizeOf: ReturnType<typeof gzippedFileSizes>, report: Report): number {
  const $ = cheerio.load(page.html);
  const assets = assetsOf($);
  const { modules, stylesheets } = assets;
  const scripts = [...modules, ...assets.preloads, ...assets.otherScripts];
  const built = (url: string) => sizeOf(url) !== undefined;
  for (const url of [...scripts, ...stylesheets].filter((url) => !built(url)))
    report('asset-missing', `${url} is not in the build`, 'rebuild the site', url);
  const { closure, later, missing } = importGraph(dir, modules.filter(built));
  for (const url of missing) {
    const problem = `${url} is imported by the page's scripts but is not in the build`;
    report('asset-missing', problem, 'rebuild the site', url);
  }
  const total = (urls: string[]) => urls.reduce((sum, url) => sum + (sizeOf(url) ?? 0), 0);
  const js = total([...new Set([...scripts, ...closure])]); // a static import loads at load, preloaded or not
  checkWholeImages($, dir, report);
  // The budget holds the templates' weight, which every page pays: an article's (or policy's) Markdown body is its own.
  const body = $('.prose').empty();
  const weights = [
    {
      rule: 'html-size',
      what: body.length ? 'HTML, its Markdown body aside,' : 'HTML',
      size: gzippedSize(body.length ? $.html() : page.html),
      budget: page.path === '/' ? budgets.homeHtml : budgets.html,
      fix: body.length ? "shorten the templates' markup" : 'move content off the page or shorten repeated markup',
      target: page.file,
    },
    {
      rule: 'css-size',
      what: 'CSS',
      size: total(stylesheets),
      budget: budgets.css,
      fix: 'remove unused styles from templates/styles.css',
      target: stylesheets.join(', '),
    },
    {
      rule: 'js-size',
      what: 'JavaScript at load',
      size: js,
      budget: budgets.jsAtLoad,
      fix: 'load less at start: split the island or load code on interaction',
      target: scripts.join(', '),
    },
    {
      rule: 'js-lazy-size',
      what: 'JavaScript loaded on first use',
      size: total(later),
      budget: budgets.jsFirstFormUse,
      fix: 'shrink the code a form loads when first used',
      target: later.join(', '),
    },
  ];
  for (const { rule, what, size, budget, fix, target } of weights)
    if (size > budget) report(rule, `${what} is ${kb(size)} gzipped, over ${kb(budget)}`, fix, target);
  checkScriptsUsed(page, assets, closure, report);
  return js;
}

/** A photo with no srcset (a file of public/ in a body) is loaded whole by every screen, a phone's too. */
function checkWholeImages($: cheerio.CheerioAPI, dir: string, report: Report): void {
  for (const src of attributeValues($, 'img[src^="/"]:not([srcset])', 'src')) {
    const size = readBuiltFile(dir, decoded(pathOfLink(src)))?.byteLength ?? 0;
    const problem = `image ${src} is ${kb(size)}, over ${kb(budgets.wholeImage)}: no smaller size is offered, so every screen loads it whole`;
    const fix = 'save it at most 1,500 pixels wide (twice the widest a page draws it), as JPEG (quality 80) or WebP';
    if (size > budgets.wholeImage) report('image-size', problem, fix, src);
  }
}

/** `closure`: every module the page's scripts import, themselves among them. */
function checkScriptsUsed(page: BuiltPage, assets: PageAssets, closure: Set<string>, report: Report): void {
  for (const url of assets.modules) {
    const name = /\/([A-Za-z-]+)-\w+\.js$/.exec(url)?.[1];
    const fix = 'load an island or enhancement only on pages whose markup uses it';
    if (name && !page.html.includes(`data-island="${name}"`) && !page.html.includes(`data-enhance="${name}"`))
      report('unused-script', `${url} loads, but the page holds no ${name}`, fix, url);
  }
  for (const url of assets.preloads.filter((url) => !closure.has(url))) {
    const problem = `${url} is preloaded but none of the page's scripts imports it`;
    report('unused-preload', problem, "preload only chunks the page's scripts import", url);
  }
  for (const url of assets.otherScripts) {
    const problem = `${url} loads as a classic script or preload, as none of the site's islands and enhancements does`;
    report('unused-script', problem, 'load browser code as the module scripts the build places', url);
  }
}

type PageAssets = ReturnType<typeof assetsOf>;

const assetsOf = ($: cheerio.CheerioAPI) => ({
  modules: attributeValues($, 'script[type="module"][src]', 'src'),
  preloads: attributeValues($, 'link[rel="modulepreload"]', 'href'),
  // Scripts loaded any other way weigh as much; the site's own are all modules, so none of these is used.
  otherScripts: $('script[src]:not([type="module"]), link[rel="preload"][as="script"]')
    .map((_, element) => $(element).attr('src') ?? $(element).attr('href')!)
    .get(),
  stylesheets: attributeValues($, 'link[rel="stylesheet"]', 'href'),
});

/** Each file read and gzipped once, however many pages load it; undefined for a URL the build does not have. */
function gzippedFileSizes(dir: string): (url: string) => number | undefined {
  const sizes = new Map<string, number | undefined>();
  return (url) => {
    if (!sizes.has(url)) {
      const file = readBuiltFile(dir, url);
      sizes.set(url, file ? gzippedSize(file) : undefined);
    }
    return sizes.get(url);
  };
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export function importGraph(dir: string, modules: string[]) {
  const missing = new Set<string>();
  const importsOf = (url: string) => {
    const code = readBuiltFile(dir, url);
    if (!code) missing.add(url);
    return code ? importsIn(url, code.toString('utf8')) : undefined;
  };
  // A set grows as it is iterated: each module added is visited in turn.
  const closure = new Set(modules);
  const dynamic = new Set<string>();
  for (const url of closure) {
    const imports = importsOf(url);
    for (const target of imports?.static ?? []) closure.add(target);
    for (const target of imports?.dynamic ?? []) dynamic.add(target);
  }
  // What import() brings in, with what it imports in turn, minus what the page already has.
  const later = new Set<string>();
  for (const url of dynamic) {
    if (closure.has(url)) continue;
    const imports = importsOf(url);
    if (!imports) continue;
    later.add(url);
    for (const target of [...imports.static, ...imports.dynamic]) dynamic.add(target);
  }
  return { closure, later: [...later], missing: [...missing] };
}

function importsIn(url: string, code: string): { static: string[]; dynamic: string[] } {
  const folder = url.slice(0, url.lastIndexOf('/') + 1);
  const imports = { static: [] as string[], dynamic: [] as string[] };
  for (const [, staticPath, dynamicPath] of code.matchAll(
    /(?:from\s*|import\s*)["'](\.\/[\w.-]+\.js)["']|import\(["'](\.\/[\w.-]+\.js)["']\)/g,
  )) {
    if (staticPath) imports.static.push(folder + staticPath.slice(2));
    else if (dynamicPath) imports.dynamic.push(folder + dynamicPath.slice(2));
  }
  return imports;
}
