/**
 * `sitegen build`: content → assets → routes → validate → render → site
 * files → commit → caches. A whole build, a build with warm caches and
 * `--incremental` run the same stages; they differ only in what the last
 * build left them: the content index and asset cache (.sitegen/), and for
 * `--incremental` its pages, kept where their fingerprint is unchanged.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildAssets } from '../assets/build-assets';
import { cacheFiles } from '../cache-files';
import { leadEndpoint, publishing, requireProject, resolveConfig } from '../config';
import { generatorVersion } from '../generator-version';
import { createLog, formatBytes, formatMs } from '../log';
import { isUpToDate, missingFiles, readInputs, readManifest } from '../output/manifest';
import { refuseBrokenPublicLinks, refuseForeignOutput } from '../output/output-folder';
import { ImageEncoder } from '../images/image-encoder';
import { cardsVersionOf, imageSetup, SiteImages } from '../images/site-images';
import { isShapeConflict } from '../output/scratch';
import { createRoutes } from '../routes';
import { assetOptions, type BuildCommandOptions, type BuildRun } from './build-run';
import { commitOutput, keepCaches, openOutput, reportBuild } from './output-stages';
import { formatReport, type BuildReport } from './report';
import { loadModel, makeSiteFiles, openContent, renderPages, validate } from './site-stages';

export type { BuildCommandOptions } from './build-run';

export interface BuildResult extends BuildReport {
  outDir: string;
  /** An incremental build that found nothing to do. */
  upToDate?: boolean;
}

export async function build(options: BuildCommandOptions = {}): Promise<BuildResult> {
  const run = await prepare(options);
  if (run.upToDate) return upToDate(run);
  let result: BuildResult;
  try {
    result = await buildSite(run, { fresh: false });
  } catch (error) {
    if (!isShapeConflict(error)) throw error;
    // The output written over had a file where this build needs a folder, or the reverse: once more, into an empty folder.
    run.log.info(`  output     ${(error as Error).message}: a whole build into an empty folder`);
    result = await buildSite({ ...run, previous: undefined }, { fresh: true });
  }
  await printResult(run, result);
  return result;
}

async function buildSite(run: BuildRun, { fresh }: { fresh: boolean }): Promise<BuildResult> {
  const { config } = run;
  const content = openContent(run);
  try {
    const assetsMade = buildAssets(config, assetOptions(run));
    assetsMade.catch(() => undefined);
    const { model, catalog } = await loadModel(run, content);
    const table = createRoutes(model, {
      siteUrl: config.siteUrl,
      endpoint: leadEndpoint(config),
      publishing: run.publishing,
      noindex: config.drafts,
      cardsVersion: cardsVersionOf(config.templatesDir, model, catalog),
      images: catalog.descriptors,
    });
    const assets = await assetsMade;
    const { files, images: named } = await makeSiteFiles(run, { model, catalog }, table, assets, content);
    validate(model, table, config, files, run.publishing);
    const output = await openOutput(run, fresh);
    try {
      const encoder = new ImageEncoder(cacheFiles(config.cacheDir).imagesDir);
      const images = new SiteImages(imageSetup(assets, model, catalog, table.routes), encoder);
      images.use('the feeds', named);
      const rendered = await renderPages(run, content, model, table, assets, output.writer, images);
      run.options.interrupt?.throwIfAborted();
      const committed = await commitOutput(run, output, table.routes, rendered, [...files, ...rendered.images]);
      await keepCaches(run, content, model, rendered, committed);
      encoder.removeUnused();
      return { ...reportBuild(run, rendered.pages, files, committed), outDir: config.outDir };
    } catch (error) {
      // The build threads stop first: one still writing a page into the output's folder would race its removal.
      await content.threads?.close();
      await output.abort(error);
      throw error;
    }
  } finally {
    await content.close();
  }
}

/** The generator's own code, when it runs from source (the tests): the CLI passes its compiled version. */
const sourceDir = fileURLToPath(new URL('..', import.meta.url));

async function prepare(options: BuildCommandOptions): Promise<BuildRun> {
  const started = performance.now();
  const config = resolveConfig(options);
  requireProject(config);
  refuseBrokenPublicLinks(config);
  refuseForeignOutput(config);
  const log = createLog(config.quiet || options.json);
  const flags = `${options.incremental ? ' --incremental' : ''}${config.drafts ? ' --drafts' : ''}`;
  log.info(`sitegen build${flags} → ${relative(process.cwd(), config.outDir) || '.'}`);
  if (!config.supabase.url) {
    const where = 'forms post to /functions/v1/contact-form on this site (answered by sitegen preview and dev)';
    log.info(`  forms      SUPABASE_URL is not set: ${where}`);
  }
  const generator = options.generator ?? (await generatorVersion(config.root, sourceDir));
  // The build's clock is read once, here: every stage publishes by the same day.
  const run: BuildRun = { config, options, log, started, generator, publishing: publishing(config), stages: {} };
  if (!options.incremental) return run;
  // Taken before anything is read: a file edited while the build runs is found changed by the next.
  const inputs = readInputs(config, generator);
  run.inputs = inputs;
  const manifest = readManifest(config, generator);
  if (!manifest) {
    log.info('  cache      no record of a build of this output by this version of sitegen: a whole build');
    return run;
  }
  if (isUpToDate(config, manifest, inputs, run.publishing.today)) return { ...run, previous: manifest, upToDate: true };
  // A page whose file someone removed renders again.
  const missing = missingFiles(
    config.outDir,
    manifest.pages.map((page) => page.file),
  );
  return { ...run, previous: { ...manifest, pages: manifest.pages.filter((page) => !missing.has(page.file)) } };
}

/** The report, as a table or as JSON, and the last line. */
async function printResult({ log, options }: BuildRun, result: BuildResult): Promise<void> {
  if (options.json) {
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    return;
  }
  log.info('');
  log.info(formatReport(result).trimEnd());
  log.info(`${result.totals.pages} pages, ${formatBytes(result.totals.bytes)} written in ${formatMs(result.ms)}`);
}

function upToDate(run: BuildRun): BuildResult {
  const ms = performance.now() - run.started;
  run.log.info(`up to date: no input changed since the last build, nothing written (${formatMs(ms)})`);
  const pages = run.previous!.pages.length;
  const totals = { pages, files: 0, bytes: 0, html: 0, htmlGzip: null, css: 0, cssGzip: 0, js: 0, jsGzip: 0 };
  return { pages: [], stages: {}, ms, totals, outDir: run.config.outDir, upToDate: true };
}
