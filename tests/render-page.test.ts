/**
 * The renderer renders the document shell (header, footer) once per build
 * and splices each page's <head> and <main> into it, and a Markdown page's
 * body into its <main>. That must give exactly what rendering the whole
 * Document for the page, body and all, gives, for every page.
 */
import { h, type ComponentType } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { bundleClientScripts } from '../src/assets/client-scripts';
import { compileTemplates } from '../src/assets/compile-templates';
import { resolveConfig } from '../src/config';
import { loadSite } from '../src/content/load-site';
import { asHtml5 } from '../src/render/html5';
import { createPageRenderer, pageHtml } from '../src/render/render-page';
import { bodySlot, createLayout, createRoutes } from '../src/routes';
import { leadEndpoint } from '../src/site-builder';
import { projectRoot } from './support/cli';

describe('createPageRenderer', () => {
  it('splices every page into the shared shell exactly as a whole-document render would write it', async () => {
    const config = resolveConfig({ root: projectRoot }, {});
    const [model, compiled, scripts] = await Promise.all([loadSite(config.contentDir, config.root), compileTemplates(config), bundleClientScripts(config)]);
    const { routes } = createRoutes(model, { endpoint: leadEndpoint(config) });
    const layout = createLayout(model);
    const assets = { stylesheet: '/assets/styles-test.css', scriptsFor: scripts.scriptsFor };
    const render = createPageRenderer(compiled.module, layout, assets);
    expect(routes).toHaveLength(48);
    // The six articles and three legal pages carry Markdown bodies.
    expect(routes.filter((route) => route.body)).toHaveLength(9);
    for (const route of routes) {
      const page = render(route);
      const Page = compiled.module.pages[route.kind] as ComponentType<typeof route.props>;
      const whole = renderToString(
        h(compiled.module.Document, {
          head: route.head,
          layout,
          assets: { stylesheet: assets.stylesheet, scripts: page.scripts.modules, preloads: page.scripts.preloads },
          // The template as it renders with the body itself where the slot is.
          mainHtml: renderToString(h(Page, route.props)).replace(bodySlot, () => route.body ?? ''),
        }),
      );
      expect(pageHtml(page.pieces), route.path).toBe(`<!DOCTYPE html>${asHtml5(whole)}`);
    }
  });
});

describe('asHtml5', () => {
  it('writes void elements in HTML form and leaves every other "/>" alone', () => {
    expect(asHtml5('<head><meta charset="utf-8"/><link rel="icon" href="/favicon.svg"/></head>')).toBe('<head><meta charset="utf-8"><link rel="icon" href="/favicon.svg"></head>');
    expect(asHtml5('<p>a<br/>b <img src="/x.png" alt="x" /></p>')).toBe('<p>a<br>b <img src="/x.png" alt="x"></p>');
    // Text, attribute values and non-void tags keep theirs: "/>" in a sentence, in an alt text, a custom element.
    expect(asHtml5('<p>arrows like /> stay</p><my-widget/><img alt="a > b"/>')).toBe('<p>arrows like /> stay</p><my-widget/><img alt="a > b">');
    expect(asHtml5('<img alt="x/>y"/><input value="/>">')).toBe('<img alt="x/>y"><input value="/>">');
    expect(asHtml5('<sourcefile/>')).toBe('<sourcefile/>');
  });
});
