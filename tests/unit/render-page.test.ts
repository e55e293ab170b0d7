/**
 * The renderer renders the header and footer once per build and places
 * them, and each page's scripts, into the page React renders. That must
 * give exactly what React gives rendering the whole document, header,
 * footer and scripts included, for every page. What a page uses (the
 * scripts of its islands and enhancements, the site's images it names) is
 * what its components record as they render, nothing read back from it.
 */
import { createElement, type ComponentType } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { bundleClientScripts } from '../../src/assets/client-scripts';
import { scriptsForManifest, type ScriptMarker } from '../../src/assets/script-manifest';
import { compileTemplates, type TemplateModule } from '../../src/assets/compile-templates';
import { planSettings, resolveConfig } from '../../src/config';
import { articleFiles } from '../../src/content/content-files';
import { loadSiteData, scanArticle } from '../../src/content/load-site';
import { MarkdownReader } from '../../src/content/markdown-reader';
import { withSiteFacts } from '../../src/content/site-facts';
import { withArticles } from '../../src/content/site-model';
import { renditionUrl, type RenditionFormat } from '../../src/images/image-names';
import { describeImages } from '../../src/images/model-images';
import { SourceImages } from '../../src/images/source-images';
import { speculationRules } from '../../src/output/speculation-rules';
import { viewTransitionStyle } from '../../src/output/view-transitions';
import { planSite } from '../../src/plan/plan-site';
import { createPageRenderer } from '../../src/render/render-page';
import { bodySlot, createLayout } from '../../src/routes';
import { projectRoot } from '../support/cli';
import { scriptSafeJson } from '../../templates/layout/Document';

/** The real site planned as a build plans it, its templates compiled and its scripts bundled: once, for every test here. */
const site = (async () => {
  const config = resolveConfig({ root: projectRoot }, {});
  const reader = MarkdownReader.open({ contentDir: config.contentDir, projectRoot: config.root });
  const data = loadSiteData(config.contentDir, config.root, reader);
  const content = withArticles(
    data,
    articleFiles(config.contentDir, config.root).map((path) => scanArticle(reader, path)),
  );
  const catalog = await describeImages(content, SourceImages.open(config, { keep: false }));
  const publishing = { today: '2026-01-01', drafts: false };
  const plan = planSite({ content, images: catalog.descriptors, settings: planSettings(config) }, publishing);
  const [compiled, scripts] = await Promise.all([compileTemplates(config), bundleClientScripts(config)]);
  const layout = createLayout(plan.model);
  const scriptsFor = (markers: Iterable<ScriptMarker>) => scriptsForManifest(scripts.manifest, markers);
  const assets = { stylesheet: '/assets/styles-test.css', scriptsFor };
  const renderer = (templates: TemplateModule) => createPageRenderer(templates, layout, assets);
  const route = (path: string) => plan.routes.pages.get(path)!;
  return { plan, reader, templates: compiled.module, layout, assets, scripts, renderer, route };
})();

describe('createPageRenderer', () => {
  it('places the shared header, footer and scripts exactly where a whole-document render puts them, on every page', async () => {
    const { plan, reader, templates, layout, assets, renderer } = await site;
    const { routes } = plan.routes;
    const render = renderer(templates);
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
      // The template as it renders with the body itself where the slot is, the site's facts it names filled in.
      const filled = body && withSiteFacts(body, layout.site);
      // The header's and footer's links to the page itself are marked after the render: compared unmarked.
      const unmarked = (html: string) =>
        html.replaceAll(`href="${route.path}" aria-current="page"`, `href="${route.path}"`);
      expect(unmarked(page.html), route.path).toBe(
        unmarked(`<!DOCTYPE html>${whole.replace(bodySlot, () => filled ?? '')}`),
      );
    }
  });

  it('loads the scripts of the islands and enhancements a page places, and no other', async () => {
    const { templates, scripts, renderer, route } = await site;
    const render = renderer(templates);
    const modules = (markers: ScriptMarker[]) => scriptsForManifest(scripts.manifest, markers).modules;
    // The home page places the enquiry form (its toasts come with the code that sends a lead, not at load); every
    // page's header enhances its menus and the consent question.
    expect(render(route('/')).scripts.modules).toEqual(
      modules(['enhance:consent', 'island:EnquiryForm', 'enhance:menus']),
    );
    expect(render(route('/about')).scripts.modules).toEqual(modules(['enhance:consent', 'enhance:menus']));
    expect(render(route('/404')).scripts.modules).toEqual(
      modules(['enhance:consent', 'enhance:menus', 'enhance:not-found']),
    );
    // The same home page drawn by a template that places no island loads only what the header asks for.
    const placesNothing = {
      ...templates,
      pages: { ...templates.pages, Home: () => createElement('p', null, 'Nothing placed') },
    };
    expect(renderer(placesNothing)(route('/')).scripts.modules).toEqual(modules(['enhance:consent', 'enhance:menus']));
    // And a header that enhances nothing takes its script off every page.
    const plainHeader = { ...templates, Header: () => createElement('header') };
    expect(renderer(plainHeader)(route('/about')).scripts).toEqual({ modules: [], preloads: [] });
  });

  it("names the site's own images each page draws, its icons and those its structured data names, and how wide each file is drawn", async () => {
    const { plan, templates, renderer, route } = await site;
    const logo = plan.model.site.logo.local!;
    const rendition = (width: number, format: RenditionFormat) => renditionUrl(logo, width, format).slice(1);
    const header = [36, 72].flatMap((width) => (['webp', 'png'] as const).map((f) => rendition(width, f)));
    const icons = [rendition(32, 'png'), rendition(96, 'png'), rendition(180, 'png')];
    // Only the 404 page has no structured data, and so no logo at 512 pixels.
    const structured = [rendition(Math.min(512, logo.width), 'png')];
    const render = renderer(templates);
    const about = render(route('/about'));
    expect(about.images.sort()).toEqual([...header, ...icons, ...structured].sort());
    expect(render(route('/404')).images.sort()).toEqual([...header, ...icons].sort());
    expect(about.widths).toEqual(new Map([[logo, 180]]));
    // Drawn by a template that draws no picture, the page names the icons and the header's logo all the same.
    const drawsNothing = {
      ...templates,
      pages: { ...templates.pages, About: () => createElement('p', null, 'Nothing drawn') },
    };
    expect(renderer(drawsNothing)(route('/about')).images.sort()).toEqual(about.images);
  });

  it('refuses a header that holds what React would move into <head>, naming the template', async () => {
    const { templates, renderer } = await site;
    const Header = () => createElement('header', null, createElement('img', { src: '/logo.png', alt: 'Logo' }));
    expect(() => renderer({ ...templates, Header })).toThrow(
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
