/**
 * budgets: what a phone on a slow network downloads, per page, gzipped:
 * HTML at most 14 KB (20 KB for the home page), CSS at most 12 KB, JavaScript
 * within the islands' budgets; and no page requests a script it does not use.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import * as cheerio from 'cheerio';
import type { CheckContext, Finding, GateResult } from '../types';

const KB = 1024;
export const budgets = {
  html: 14 * KB,
  homeHtml: 20 * KB,
  css: 12 * KB,
  jsWithoutForm: 7 * KB,
  jsWithForm: 10 * KB,
  jsFirstFormUse: 4 * KB,
};

/** Gzipped at zlib's default level, as most hosts serve it: a conservative measure (level 9 and Brotli are smaller). */
export const gzippedSize = (content: string | Uint8Array) => gzipSync(content).byteLength;

export interface PageWeight {
  path: string;
  html: number;
  css: number;
  js: number;
  /** JavaScript fetched on first use of a form (import() from the page's scripts). */
  jsLater: number;
  hasForm: boolean;
}

export async function checkBudgets(context: CheckContext): Promise<GateResult> {
  const findings: Finding[] = [];
  const sizes = new Map<string, number>();
  const sizeOf = (url: string) => {
    let size = sizes.get(url);
    if (size === undefined) {
      size = gzippedSize(readFileSync(join(context.dir, url)));
      sizes.set(url, size);
    }
    return size;
  };
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  let heaviest: PageWeight | undefined;

  for (const page of context.pages) {
    const $ = cheerio.load(page.html);
    const modules = $('script[type="module"][src]')
      .map((_, s) => $(s).attr('src')!)
      .get();
    const preloads = $('link[rel="modulepreload"]')
      .map((_, l) => $(l).attr('href')!)
      .get();
    // Scripts loaded any other way weigh as much; the site's own are all modules, so none of these is used.
    const otherScripts = $('script[src]:not([type="module"]), link[rel="preload"][as="script"]')
      .map((_, element) => $(element).attr('src') ?? $(element).attr('href')!)
      .get();
    const stylesheets = $('link[rel="stylesheet"]')
      .map((_, l) => $(l).attr('href')!)
      .get();
    const problem = (rule: string, message: string, fix: string, target?: string) =>
      findings.push({ page: page.path, rule, message, fix, target });

    const existing = [...modules, ...preloads, ...otherScripts, ...stylesheets].filter((url) => {
      try {
        sizeOf(url);
        return true;
      } catch {
        problem('asset-missing', `${url} is not in the build`, 'rebuild the site', url);
        return false;
      }
    });
    const weight: PageWeight = {
      path: page.path,
      html: gzippedSize(page.html),
      css: stylesheets.filter((url) => existing.includes(url)).reduce((sum, url) => sum + sizeOf(url), 0),
      js: [...modules, ...preloads, ...otherScripts]
        .filter((url) => existing.includes(url))
        .reduce((sum, url) => sum + sizeOf(url), 0),
      jsLater: 0,
      hasForm: $('form').length > 0,
    };
    const { later, closure, missing } = importGraph(
      context.dir,
      modules.filter((url) => existing.includes(url)),
    );
    for (const url of missing)
      problem(
        'asset-missing',
        `${url} is imported by the page's scripts but is not in the build`,
        'rebuild the site',
        url,
      );
    weight.jsLater = later.reduce((sum, url) => sum + sizeOf(url), 0);
    if (!heaviest || weight.js > heaviest.js) heaviest = weight;

    const htmlBudget = page.path === '/' ? budgets.homeHtml : budgets.html;
    if (weight.html > htmlBudget)
      problem(
        'html-size',
        `HTML is ${kb(weight.html)} gzipped, over ${kb(htmlBudget)}`,
        'move content off the page or shorten repeated markup',
        page.file,
      );
    if (weight.css > budgets.css)
      problem(
        'css-size',
        `CSS is ${kb(weight.css)} gzipped, over ${kb(budgets.css)}`,
        'remove unused styles from templates/styles.css',
        stylesheets.join(', '),
      );
    const jsBudget = weight.hasForm ? budgets.jsWithForm : budgets.jsWithoutForm;
    if (weight.js > jsBudget) {
      problem(
        'js-size',
        `JavaScript at load is ${kb(weight.js)} gzipped, over ${kb(jsBudget)} for a page ${weight.hasForm ? 'with' : 'without'} a form`,
        'load less at start: split the island or load code on interaction',
        [...modules, ...preloads, ...otherScripts].join(', '),
      );
    }
    if (weight.jsLater > budgets.jsFirstFormUse)
      problem(
        'js-lazy-size',
        `JavaScript loaded on first use is ${kb(weight.jsLater)} gzipped, over ${kb(budgets.jsFirstFormUse)}`,
        'shrink the code a form loads when first used',
        later.join(', '),
      );

    for (const url of modules) {
      const name = /\/([A-Za-z-]+)-[\w]+\.js$/.exec(url)?.[1];
      if (name && !page.html.includes(`data-island="${name}"`) && !page.html.includes(`data-enhance="${name}"`)) {
        problem(
          'unused-script',
          `${url} loads, but the page holds no ${name}`,
          'load an island or enhancement only on pages whose markup uses it',
          url,
        );
      }
    }
    for (const url of preloads) {
      if (!closure.has(url))
        problem(
          'unused-preload',
          `${url} is preloaded but none of the page's scripts imports it`,
          "preload only chunks the page's scripts import",
          url,
        );
    }
    for (const url of otherScripts) {
      problem(
        'unused-script',
        `${url} loads as a classic script or preload, as none of the site's islands and enhancements does`,
        'load browser code as the module scripts the build places',
        url,
      );
    }
  }

  return {
    gate: 'budgets',
    passed: findings.length === 0,
    checked: `${context.pages.length} pages; heaviest JavaScript ${heaviest ? `${kb(heaviest.js)} on ${heaviest.path}` : 'none'}`,
    findings,
    notes: [],
  };
}

/** The static imports reachable from a page's modules, and what import() would fetch later. */
export function importGraph(
  dir: string,
  modules: string[],
): { closure: Set<string>; later: string[]; missing: string[] } {
  const closure = new Set(modules);
  const dynamic = new Set<string>();
  const missing = new Set<string>();
  /** A module's code, or undefined (noted as missing) for a file the build does not have. */
  const read = (url: string) => {
    try {
      return readFileSync(join(dir, url), 'utf8');
    } catch {
      missing.add(url);
      return undefined;
    }
  };
  const queue = [...modules];
  while (queue.length) {
    const url = queue.shift()!;
    const code = read(url);
    if (code === undefined) continue;
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    for (const match of code.matchAll(
      /(?:from\s*|import\s*)["'](\.\/[\w.-]+\.js)["']|import\(["'](\.\/[\w.-]+\.js)["']\)/g,
    )) {
      const [, staticPath, dynamicPath] = match;
      if (staticPath) {
        const target = base + staticPath.slice(2);
        if (!closure.has(target)) {
          closure.add(target);
          queue.push(target);
        }
      } else if (dynamicPath) {
        dynamic.add(base + dynamicPath.slice(2));
      }
    }
  }
  // What import() brings in, with its own static imports, minus what the page already has.
  const later = new Set<string>();
  const pending = [...dynamic];
  while (pending.length) {
    const url = pending.shift()!;
    if (closure.has(url) || later.has(url) || missing.has(url)) continue;
    const code = read(url);
    if (code === undefined) continue;
    later.add(url);
    const base = url.slice(0, url.lastIndexOf('/') + 1);
    for (const match of code.matchAll(/(?:from\s*|import\s*)["'](\.\/[\w.-]+\.js)["']/g))
      pending.push(base + match[1]!.slice(2));
  }
  return { closure, later: [...later], missing: [...missing] };
}
