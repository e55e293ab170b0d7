/**
 * The renderer renders the header and footer once per build and places
 * them, and each page's scripts, into the page React renders. That must
 * give exactly what React gives rendering the whole document, header,
 * footer and scripts included, for every page.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { bundleClientScripts } from '../src/assets/client-scripts';
import { compileTemplates } from '../src/assets/compile-templates';
import { leadEndpoint, resolveConfig } from '../src/config';
import { MarkdownReader } from '../src/content/markdown-reader';
import { loadSite, loadSiteData, scanArticle } from '../src/content/load-site';
import { withArticles } from '../src/content/site-model';
import { articleFiles } from '../src/content/content-files';
import { ImageResolver } from '../src/images/content-images';
import { withImages } from '../src/images/model-images';
import { SourceImages } from '../src/images/source-images';
import { speculationRules } from '../src/output/speculation-rules';
import { viewTransitionStyle } from '../src/output/view-transitions';
import { createPageRenderer } from '../src/render/render-page';
import { bodySlot, createLayout, createRoutes } from '../src/routes';
import { projectRoot } from './support/cli';
import { scriptSafeJson } from '../templates/layout/Document';

describe('createPageRenderer', () => {
  it('places the shared header, footer and scripts exactly where a whole-document render puts them, on every page', async () => {
    const config = resolveConfig({ root: projectRoot }, {});
    const reader = MarkdownReader.open({ contentDir: config.contentDir, projectRoot: config.root });
    const data = loadSiteData(config.contentDir, config.root, reader);
    const read = withArticles(
      data,
      articleFiles(config.contentDir).map((path) => scanArticle(reader, path)),
    );
    const { model, catalog } = await withImages(read, SourceImages.open(config, { keep: false }), new ImageResolver());
    const [compiled, scripts] = await Promise.all([compileTemplates(config), bundleClientScripts(config)]);
    const publishing = { today: '2026-01-01', drafts: false };
    const { routes } = createRoutes(model, { endpoint: leadEndpoint(config), publishing, images: catalog.descriptors });
    const layout = createLayout(model);
    const templates = compiled.module;
    const assets = { stylesheet: '/assets/styles-test.css', scriptsFor: scripts.scriptsFor };
    const render = createPageRenderer(templates, layout, assets);
    expect(routes).toHaveLength(54);
    // The six articles and three legal pages are Markdown.
    expect(routes.filter((route) => route.body)).toHaveLength(9);
    for (const route of routes) {
      const body = route.body && reader.bodyHtml(route.body);
      const page = render(route, body);
      const Page = templates.pages[route.kind] as ComponentType<typeof route.props>;
      const whole = renderToStaticMarkup(
        createElement(templates.Document, {
          head: route.head,
          layout,
          stylesheet: assets.stylesheet,
          speculationRules,
          viewTransitionStyle,
          scripts: createElement(templates.PageScripts, page.scripts),
          header: createElement(templates.Header, { layout }),
          footer: createElement(templates.Footer, { layout }),
          children: createElement(Page, route.props),
        }),
      );
      // The template as it renders with the body itself where the slot is.
      expect(page.html, route.path).toBe(`<!DOCTYPE html>${whole.replace(bodySlot, () => body ?? '')}`);
    }
  });

  it('refuses a header that holds what React would move into <head>, naming the template', async () => {
    const config = resolveConfig({ root: projectRoot }, {});
    const model = loadSite({ contentDir: config.contentDir, projectRoot: config.root });
    const compiled = await compileTemplates(config);
    const Header = () => createElement('header', null, createElement('img', { src: '/logo.png', alt: 'Logo' }));
    const templates = { ...compiled.module, Header };
    expect(() =>
      createPageRenderer(templates, createLayout(model), {
        stylesheet: '/s.css',
        scriptsFor: () => ({ modules: [], preloads: [] }),
      }),
    ).toThrow(
      /^templates\/layout\/Header\.tsx: rendering every page's header or footer failed: it holds what React moves into <head> \(<link rel="preload" as="image" href="\/logo.png"\/>\)/,
    );
  });
});

describe('scriptSafeJson', () => {
  it('keeps text in the JSON-LD from closing its <script> or breaking a line in old parsers, and the data the same', () => {
    const data = { headline: 'Pipes </script><script>alert(1)</script> <!-- and\u2028lines\u2029', price: 1 };
    const json = scriptSafeJson(data);
    expect(json).toBe(
      '{"headline":"Pipes \\u003c/script>\\u003cscript>alert(1)\\u003c/script> \\u003c!-- and\\u2028lines\\u2029","price":1}',
    );
    expect(JSON.parse(json)).toEqual(data);
  });
});
