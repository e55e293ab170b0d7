/**
 * The renderer renders the document shell (header, footer) once per build
 * and splices each page's <head> and <main> into it. That must give exactly
 * what rendering the whole Document for the page gives, for every page.
 */
import { h, type ComponentType } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { bundleClientScripts } from '../src/assets/client-scripts';
import { compileTemplates } from '../src/assets/compile-templates';
import { resolveConfig } from '../src/config';
import { loadSite } from '../src/content/load-site';
import { asHtml5 } from '../src/render/html5';
import { createPageRenderer } from '../src/render/render-page';
import { createLayout, createRoutes } from '../src/routes';
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
    for (const route of routes) {
      const page = render(route);
      const Page = compiled.module.pages[route.kind] as ComponentType<typeof route.props>;
      const whole = renderToString(
        h(compiled.module.Document, {
          head: route.head,
          layout,
          assets: { stylesheet: assets.stylesheet, scripts: page.scripts.modules, preloads: page.scripts.preloads },
          mainHtml: renderToString(h(Page, route.props)),
        }),
      );
      expect(page.html, route.path).toBe(`<!DOCTYPE html>${asHtml5(whole)}`);
    }
  });
});

describe('asHtml5', () => {
  it('writes void elements in HTML form and leaves every other "/>" alone', () => {
    expect(asHtml5('<head><meta charset="utf-8"/><link rel="icon" href="/favicon.svg"/></head>')).toBe('<head><meta charset="utf-8"><link rel="icon" href="/favicon.svg"></head>');
    expect(asHtml5('<p>a<br/>b <img src="/x.png" alt="x" /></p>')).toBe('<p>a<br>b <img src="/x.png" alt="x"></p>');
    // Text and non-void tags keep theirs: "/>" in a sentence, a custom element, an image whose attribute holds ">".
    expect(asHtml5('<p>arrows like /> stay</p><my-widget/><img alt="a > b"/>')).toBe('<p>arrows like /> stay</p><my-widget/><img alt="a > b"/>');
    expect(asHtml5('<sourcefile/>')).toBe('<sourcefile/>');
  });
});
