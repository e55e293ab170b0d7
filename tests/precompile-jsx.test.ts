/**
 * Precompiled templates write exactly what Preact's renderer writes from the
 * same JSX: every page of the site (with enough articles for the blog's
 * pagination), and a set of awkward cases, rendered both ways.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { h, type ComponentType } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeArticles } from '../bench/scale/articles.js';
import { bundleClientScripts } from '../src/assets/client-scripts';
import { compileTemplates } from '../src/assets/compile-templates';
import { precompileJsx } from '../src/assets/precompile-jsx';
import { resolveConfig } from '../src/config';
import { loadSite } from '../src/content/load-site';
import { asHtml5 } from '../src/render/html5';
import { createPageRenderer, pageHtml } from '../src/render/render-page';
import { createLayout, createRoutes } from '../src/routes';
import { leadEndpoint } from '../src/site-builder';
import { projectRoot } from './support/cli';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'sitegen-precompile-'));
});
afterAll(() => rm(work, { recursive: true, force: true }));

describe('precompiled templates', () => {
  it('render every page of the site exactly as the renderer does from plain JSX', { timeout: 60_000 }, async () => {
    // The site's own content and 30 more articles: the blog index then has three pages, with their links.
    const content = join(work, 'content');
    await cp(join(projectRoot, 'content'), content, { recursive: true });
    await writeArticles(join(content, 'blog'), 30, 5);
    const config = resolveConfig({ root: projectRoot, content }, {});
    const [model, precompiled, plain, scripts] = await Promise.all([
      loadSite(config.contentDir, config.root),
      compileTemplates(config),
      compileTemplates(config, { precompile: false }),
      bundleClientScripts(config),
    ]);
    // Every element is a string now but the three whose markup depends on their <select>.
    const leftToRenderer = (await readFile(new URL(precompiled.moduleUrl), 'utf8')).match(/\bjsxs?\d*\("[a-z]+/g)?.map((call) => call.replace(/^.*\("/, ''));
    expect([...new Set(leftToRenderer)].sort()).toEqual(['option', 'select', 'textarea']);

    const { routes } = createRoutes(model, { endpoint: leadEndpoint(config) });
    const layout = createLayout(model);
    const assets = { stylesheet: '/assets/styles-test.css', scriptsFor: scripts.scriptsFor };
    const renderPrecompiled = createPageRenderer(precompiled.module, layout, assets);
    const renderPlain = createPageRenderer(plain.module, layout, assets);
    expect(routes.map((route) => route.path)).toEqual(expect.arrayContaining(['/', '/blog/page/3', '/services/plumber', '/privacy-policy', '/404']));
    for (const route of routes) {
      expect(pageHtml(renderPrecompiled(route).pieces), route.path).toBe(pageHtml(renderPlain(route).pieces));
    }
  });

  it('write attributes, text, children, raw HTML, SVG and context-dependent elements as the renderer does', async () => {
    const { outputFiles } = await build({
      entryPoints: [join(projectRoot, 'tests', 'fixtures', 'precompile-cases.jsx')],
      bundle: true,
      write: false,
      format: 'esm',
      jsx: 'automatic',
      jsxImportSource: 'preact',
      external: ['preact', 'preact/*'],
      logLevel: 'silent',
    });
    const source = outputFiles[0]!.text;
    const compiled = precompileJsx(source);
    expect(compiled).not.toBe(source);
    const load = async (name: string, code: string) => {
      // Written inside the project, so that its imports of preact resolve to the project's.
      const file = join(projectRoot, 'tests', 'fixtures', `.${name}-${process.pid}.mjs`);
      await writeFile(file, code);
      try {
        return (await import(pathToFileURL(file).href)) as Record<string, ComponentType<Record<string, unknown>>>;
      } finally {
        await rm(file, { force: true });
      }
    };
    const [plain, precompiled] = await Promise.all([load('plain', source), load('precompiled', compiled)]);
    const propsToTry = [
      { value: 'Tom & "Jerry" <3 > 2', flag: true, fn: () => 'x', items: ['a', 'b & c'], props: { id: 'spread', title: 'before' } },
      { value: '', flag: false, fn: undefined, items: [], props: {} },
      { value: 0, flag: null, fn: null, items: [1, 2], props: { hidden: true } },
    ];
    const cases = ['Attributes', 'Children', 'Raw', 'Svg', 'Contextual'];
    expect(Object.keys(precompiled).sort()).toEqual([...cases].sort());
    for (const name of cases) {
      for (const props of propsToTry) {
        const expected = asHtml5(renderToString(h(plain[name]!, props)));
        expect(asHtml5(renderToString(h(precompiled[name]!, props))), `${name} ${JSON.stringify(props)}`).toBe(expected);
      }
    }
  });
});
