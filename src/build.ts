/**
 * `sitegen build`: the stages in order. Content is loaded while the CSS and
 * templates compile; routes come from the content; every page is rendered;
 * the output is written beside the old one and swapped in at the end.
 */
import { relative } from 'node:path';
import { bundleClientScripts } from './assets/client-scripts';
import { compileTemplates } from './assets/compile-templates';
import { buildStylesheet } from './assets/styles';
import { resolveConfig, type BuildOptions } from './config';
import { loadSite } from './content/load-site';
import { createLog, formatBytes, formatMs } from './log';
import { headersFile, robotsTxt, sitemapXml } from './output/site-files';
import { writeSite, type SiteFile } from './output/write-site';
import { createPageRenderer } from './render/render-page';
import { createRoutes } from './routes';
import { validateRoutes } from './validate-routes';

export interface BuildResult {
  outDir: string;
  pages: number;
  files: number;
  bytes: number;
  ms: number;
}

export async function build(options: BuildOptions = {}): Promise<BuildResult> {
  const started = performance.now();
  const config = resolveConfig(options);
  const log = createLog(config.quiet);
  const timed = async <T>(name: string, work: Promise<T>, detail: (value: T) => string): Promise<T> => {
    const begun = performance.now();
    const value = await work;
    log.stage(name, detail(value), performance.now() - begun);
    return value;
  };

  log.info(`sitegen build → ${relative(process.cwd(), config.outDir) || '.'}`);
  const endpoint = config.supabase.url
    ? { url: `${config.supabase.url}/functions/v1`, anonKey: config.supabase.anonKey }
    : { url: '/functions/v1', anonKey: '' };
  if (!config.supabase.url) log.info('  forms      SUPABASE_URL is not set: forms post to /functions/v1/contact-form on this site (answered by sitegen preview and dev)');

  // The stages that do not depend on each other run side by side: their cost is mostly loading their libraries.
  const [model, stylesheet, scripts, templates] = await Promise.all([
    timed('content', loadSite(config.contentDir, config.root), (site) => `${site.articles.length} articles, ${site.trades.length} trades, ${site.servicePages.length} services`),
    timed('styles', buildStylesheet(config), (sheet) => `${sheet.file} ${formatBytes(sheet.css.length)}`),
    timed('islands', bundleClientScripts(config), (bundle) => `${bundle.files.length} scripts, ${formatBytes(bundle.files.reduce((sum, file) => sum + file.content.length, 0))}`),
    timed('templates', compileTemplates(config), () => 'compiled'),
  ]);

  const { routes, layout, siteUrl } = createRoutes(model, { siteUrl: config.siteUrl, endpoint });
  validateRoutes(model, routes);

  const rendering = performance.now();
  const renderPage = createPageRenderer(templates, layout, { stylesheet: `/${stylesheet.file}`, scriptsFor: scripts.scriptsFor });
  const files: SiteFile[] = routes.map((route) => ({ path: route.file, content: renderPage(route) }));
  log.stage('render', `${routes.length} pages`, performance.now() - rendering);

  files.push(
    ...scripts.files,
    { path: stylesheet.file, content: stylesheet.css },
    { path: 'sitemap.xml', content: sitemapXml(routes) },
    { path: 'robots.txt', content: robotsTxt(siteUrl) },
    { path: '_headers', content: headersFile({ supabaseUrl: config.supabase.url }) },
  );
  const written = await timed('write', writeSite(config.outDir, files, config.publicDir), (result) => `${result.files} files, ${formatBytes(result.bytes)}`);

  const ms = performance.now() - started;
  log.info(`${routes.length} pages, ${formatBytes(written.bytes)} written in ${formatMs(ms)}`);
  return { outDir: config.outDir, pages: routes.length, files: written.files, bytes: written.bytes, ms };
}
