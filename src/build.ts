/**
 * `sitegen build`: every stage (src/site-builder.ts) into a staging folder
 * beside the output, swapped in only when all of it succeeded; then the
 * report. On a large site, pages are parsed and rendered on every core and
 * written to the staging folder as they render, never all held in memory.
 *
 * With `--incremental`, only what changed since the last build is rendered
 * and written (src/output/incremental.ts).
 */
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BuildReport } from './build-report';
import { requireProject, resolveConfig, type BuildConfig, type BuildOptions } from './config';
import { articleFolder } from './content/content-files';
import { contentHash } from './hash';
import { SitegenError } from './errors';
import { createLog, formatBytes, formatMs, type Log } from './log';
import { generatorVersion } from './generator-version';
import { listFiles, listFilesAndLinks } from './list-files';
import {
  applyChanges,
  changedInputs,
  missingFiles,
  readInputs,
  readManifest,
  readStamp,
  removeManifest,
  writeManifest,
  type Inputs,
  type Manifest,
  type ManifestPage,
} from './output/incremental';
import { refuseForeignOutput } from './output/output-folder';
import { isShapeConflict, Staging, type SiteFile } from './output/write-site';
import { publicFileIn } from './validate-routes';
import type { SiteBuilder, SiteBuilderOptions, StoredPage } from './site-builder';
import { parallelFrom, type BuildWorkers } from './workers/build-workers';

export interface BuildResult extends BuildReport {
  outDir: string;
  /** An incremental build that found nothing to do. */
  upToDate?: boolean;
  /** The files of the pages an incremental build only replaced the body of (output/body-edits.ts). */
  bodiesReplaced?: string[];
}

export interface BuildCommandOptions extends BuildOptions {
  json?: boolean;
  incremental?: boolean;
  /** The compiled build worker; without it, everything runs on this thread. */
  workerUrl?: URL;
  /** Build workers already started by the caller (build-workers.ts). */
  workers?: BuildWorkers;
  /**
   * Fired by a signal (cli.ts), with an Interrupted as its reason: the build
   * fails before its output is swapped in, as it would on bad input. Once the
   * swap has begun, the build finishes.
   */
  interrupt?: AbortSignal;
  /** The generator's version, if the caller knows it already (generator-version.ts). */
  generator?: string;
}

export async function build(options: BuildCommandOptions = {}): Promise<BuildResult> {
  try {
    return await runBuild(options);
  } finally {
    // Started by the caller; whichever way the build ends (up to date, bad input), they must stop, or the process cannot exit.
    await options.workers?.close();
  }
}

async function runBuild(options: BuildCommandOptions): Promise<BuildResult> {
  const started = performance.now();
  const config = resolveConfig(options);
  requireProject(config);
  refuseBrokenLinks(config);
  refuseForeignOutput(config);
  const log = createLog(config.quiet || options.json);
  const progress = process.stdout.isTTY && !config.quiet && !options.json;

  log.info(
    `sitegen build${options.incremental ? ' --incremental' : ''} → ${relative(process.cwd(), config.outDir) || '.'}`,
  );
  if (!config.supabase.url)
    log.info(
      '  forms      SUPABASE_URL is not set: forms post to /functions/v1/contact-form on this site (answered by sitegen preview and dev)',
    );

  const generator =
    options.generator ??
    (await generatorVersion(config.root, fileURLToPath(new URL('.', options.workerUrl ?? import.meta.url))));
  const builderOptions: SiteBuilderOptions = {
    workerUrl: options.workerUrl,
    workers: options.workers,
    interrupt: options.interrupt,
    generator,
    onStage: (stage, detail, ms) => {
      if (progress && stage === 'render') process.stdout.write('\r\x1b[K');
      log.stage(stage, detail, ms);
    },
    // On a large site, a line that counts pages while they render.
    onProgress: (done, total) => {
      if (progress && total > 300) process.stdout.write(`\r  render     ${done}/${total} pages`);
    },
  };
  // A report is measured only to be shown: gzipping every page costs a small site a tenth of its build.
  const run: BuildRun = { log, started, reporting: !config.quiet || options.json === true };
  const result = options.incremental
    ? await buildIncrementally(config, builderOptions, generator, run)
    : await buildCold(config, builderOptions, run);

  if (result.upToDate)
    log.info(`up to date: no input changed since the last build, nothing written (${formatMs(result.ms)})`);
  else if (result.bodiesReplaced && !options.json)
    log.info(
      `${result.bodiesReplaced.length} page${result.bodiesReplaced.length === 1 ? '' : 's'}, ${formatBytes(result.totals.bytes)} written in ${formatMs(result.ms)}`,
    );
  else if (options.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else {
    log.info('');
    // Loaded only for a report: an incremental build with nothing to do has none.
    const { formatReport } = await import('./build-report');
    log.info(formatReport(result).trimEnd());
    log.info(`${result.totals.pages} pages, ${formatBytes(result.totals.bytes)} written in ${formatMs(result.ms)}`);
  }
  return result;
}

/** What a build reports through, when it started, and whether its report is shown. */
interface BuildRun {
  log: Log;
  started: number;
  reporting: boolean;
}

/** A whole build, staged and swapped in; `manifest` records it for the next incremental build. */
async function buildCold(
  config: BuildConfig,
  builderOptions: SiteBuilderOptions,
  run: BuildRun,
  manifest?: { generator: string; inputs: Inputs },
  fresh = false,
): Promise<BuildResult> {
  const { log, started, reporting } = run;
  const staging = await Staging.open(config.outDir, config.publicDir, { fresh });
  const { SiteBuilder } = await import('./site-builder');
  const builder = new SiteBuilder(config, {
    ...builderOptions,
    renderTo: staging.dir,
    remember: manifest !== undefined,
  });
  try {
    const { stages } = await builder.update();
    const writing = performance.now();
    const files = builder.files();
    const pages = builder.storedPages();
    refusePublicOverlap(config, files);
    // The pages are in the staging folder already, written as they rendered; the rest of the site is written now.
    staging.record(
      pages.map((page) => page.route.file),
      pages.reduce((sum, page) => sum + page.bytes, 0),
    );
    await staging.write(files);
    builderOptions.interrupt?.throwIfAborted();
    const written = await staging.commit();
    logIndex(log, builder.writeContentIndex());
    if (manifest)
      await writeManifest(
        config,
        { generator: manifest.generator, pages: manifestPages(pages), files: await fileHashes(config, files) },
        manifest.inputs,
      );
    else await removeManifest(config);
    const writeMs = performance.now() - writing;
    log.stage('write', `${written.files} files, ${formatBytes(written.bytes)}`, writeMs);
    const { measureBuild } = await import('./build-report');
    const report = measureBuild(
      pages,
      files,
      { ...stages, write: writeMs },
      performance.now() - started,
      written,
      pageReader(config, reporting),
    );
    return { ...report, outDir: config.outDir };
  } catch (error) {
    // The build threads stop first: one still writing a page into the staging folder would race its removal.
    await builder.close();
    await staging.abort(error);
    // The earlier output being written over had a file where this build needs a folder, or the reverse: once more, from empty.
    if (staging.reused && isShapeConflict(error)) {
      return buildCold(config, { ...builderOptions, workers: undefined }, run, manifest, true);
    }
    throw error;
  } finally {
    await builder.close();
  }
}

/** The result of an incremental build that made no site model: the last build's `pages` stand, and `written` (if any) took their place. */
function keptOutput(
  config: BuildConfig,
  started: number,
  pages: number,
  written = { files: 0, bytes: 0 },
): BuildResult {
  const totals = { pages, ...written, html: 0, htmlGzip: null, css: 0, cssGzip: 0, js: 0, jsGzip: 0 };
  return { pages: [], stages: {}, ms: performance.now() - started, totals, outDir: config.outDir };
}

async function buildIncrementally(
  config: BuildConfig,
  builderOptions: SiteBuilderOptions,
  generator: string,
  run: BuildRun,
): Promise<BuildResult> {
  const { log, started, reporting } = run;
  const inputs = readInputs(config, generator);
  const stamp = await readStamp(config);
  // Every file of the last build still in the output: the condition of doing nothing, and of the short way.
  const outputKept = stamp !== undefined && missingFiles(config.outDir, stamp.outputFiles).size === 0;
  if (stamp && outputKept && stamp.inputs === inputs.signature && stamp.generator === generator) {
    return { ...keptOutput(config, started, stamp.pages), upToDate: true };
  }
  const previous = await readManifest(config);
  const { changed, rechecked } = stamp ? changedInputs(stamp, inputs) : {};
  // Every file of the last build still there, and only Markdown bodies changed: the short way.
  if (stamp && outputKept && changed && rechecked && previous?.generator === generator) {
    const { rewriteEditedBodies } = await import('./output/body-edits');
    const edits = await rewriteEditedBodies(config, previous, { stamp, changed, rechecked, inputs });
    // Only files written too recently to trust their times, read again and found the same: nothing changed.
    if (edits?.files === 0) return { ...keptOutput(config, started, stamp.pages), upToDate: true };
    if (edits) {
      const files = `${edits.files} Markdown file${edits.files === 1 ? '' : 's'}`;
      const detail = edits.pages.length
        ? `${files} changed in ${edits.files === 1 ? 'its body' : 'their bodies'} alone: ${edits.pages.join(', ')}`
        : `${files} saved again unchanged: nothing to write`;
      log.stage('bodies', detail, performance.now() - started);
      return {
        ...keptOutput(config, started, stamp.pages, { files: edits.pages.length, bytes: edits.bytes }),
        bodiesReplaced: edits.pages,
      };
    }
  }

  // Without a manifest of this generator's, the output may hold anything: a whole build replaces it.
  const last = previous?.generator === generator ? previous.parse() : undefined;
  if (!last) {
    log.info(
      `  cache      ${!previous ? 'none yet' : previous.generator !== generator ? 'made by another version of sitegen' : 'unreadable'}: a whole build`,
    );
    return buildCold(config, builderOptions, run, { inputs, generator });
  }
  // A few articles changed: the content index makes reading the rest a stat each, and starting threads would cost more than it saves.
  const changedArticles =
    changed && [...changed].filter((file) => file.startsWith(`${articleFolder(config.contentDir)}/`)).length;
  const threaded =
    changedArticles === undefined || changedArticles >= parallelFrom
      ? builderOptions
      : { ...builderOptions, workerUrl: undefined };

  // Rendered pages go to a scratch folder first: nothing in the output changes until every page has rendered.
  const scratch = await mkdtemp(join(dirname(config.outDir), `${basename(config.outDir)}.incremental-`));
  // Loaded only now: an up-to-date build needs none of it.
  const { SiteBuilder } = await import('./site-builder');
  const builder = new SiteBuilder(config, { ...threaded, remember: true, renderTo: scratch });
  // A page whose file someone removed renders again.
  const missing = missingFiles(
    config.outDir,
    Object.values(last.pages).map((page) => page.file),
  );
  builder.seed(Object.fromEntries(Object.entries(last.pages).filter(([, page]) => !missing.has(page.file))));
  try {
    const { stages, rendered, removed } = await builder.update();
    const writing = performance.now();
    const pages = builder.storedPages();
    const renderedPaths = new Set(rendered);
    const renderedPages = pages.filter((page) => renderedPaths.has(page.route.path));
    // The rendered pages are in the scratch folder; the rest of the site is in memory.
    const files = builder.files();
    refusePublicOverlap(config, files);
    builderOptions.interrupt?.throwIfAborted();
    let applied: Awaited<ReturnType<typeof applyChanges>>;
    try {
      applied = await applyChanges({
        outDir: config.outDir,
        scratchDir: scratch,
        renderedFiles: renderedPages.map((page) => page.route.file),
        removedFiles: removed,
        files,
        publicDir: config.publicDir,
        previousFiles: last.files,
      });
    } catch (error) {
      if (!isShapeConflict(error)) throw error;
      // A file of public/ became a folder of the same name, or the reverse: the output changes shape, which a whole build can do.
      log.info(`  output     ${(error as Error).message}: a whole build`);
      return await buildCold(config, threaded, run, { inputs, generator });
    }
    const { changes, files: hashes } = applied;
    await writeManifest(config, { generator, pages: manifestPages(pages), files: hashes }, inputs);
    logIndex(log, builder.writeContentIndex());
    const writeMs = performance.now() - writing;
    log.stage(
      'write',
      `${changes.written} files written, ${changes.removed} removed, ${formatBytes(changes.bytes)}`,
      writeMs,
    );
    const { measureBuild } = await import('./build-report');
    const report = measureBuild(
      pages,
      files,
      { ...stages, write: writeMs },
      performance.now() - started,
      { files: changes.written, bytes: changes.bytes },
      pageReader(config, reporting),
    );
    return { ...report, outDir: config.outDir };
  } finally {
    await builder.close();
    await rm(scratch, { recursive: true, force: true });
  }
}

/** public/ is copied following its links: one that leads nowhere is named now, not met as a bare ENOENT (or skipped) later. */
function refuseBrokenLinks(config: BuildConfig): void {
  for (const link of listFilesAndLinks(config.publicDir).links) {
    const path = join(config.publicDir, link);
    if (existsSync(path)) continue;
    const name = relative(config.root, path).split('\\').join('/');
    throw new SitegenError(
      `${name}: a link to "${readlinkSync(path)}", which is not there: expected a file or a folder to copy into the output`,
    );
  }
}

/**
 * A file of public/ at a path the build writes itself (or where it writes a
 * folder) would be overwritten by one build and kept by another: refused,
 * naming it. Pages are checked with the routes (validateRoutes), before any is
 * rendered; these are the other files (the sitemap, robots.txt, assets).
 */
function refusePublicOverlap(config: BuildConfig, files: readonly SiteFile[]): void {
  const taken = publicFileIn(
    listFiles(config.publicDir, { hidden: true }),
    files.map((file) => file.path),
  );
  if (!taken) return;
  const name = relative(config.root, join(config.publicDir, taken.file)).split('\\').join('/');
  throw new SitegenError(
    `${name}: expected no file where the build writes ${taken.file === taken.path ? 'one of its own' : 'a folder of its own'} (${taken.path}); remove it from ${relative(config.root, config.publicDir)}/`,
  );
}

/** How the report reads a page from the output, to gzip it; none when no report is shown. */
function pageReader(config: BuildConfig, reporting: boolean): ((page: StoredPage) => Uint8Array) | undefined {
  return reporting ? (page) => readFileSync(join(config.outDir, page.route.file)) : undefined;
}

/** What the content index saved this build, in one line. */
function logIndex(log: Log, summary: ReturnType<SiteBuilder['writeContentIndex']>): void {
  if (!summary) return;
  const bodies = `${summary.rendered} bod${summary.rendered === 1 ? 'y' : 'ies'} rendered`;
  log.stage(
    'index',
    `${summary.changed} of ${summary.files} Markdown files changed since the last build, ${bodies}`,
    -1,
  );
}

function manifestPages(pages: readonly StoredPage[]): Manifest['pages'] {
  return Object.fromEntries(
    pages.map((page): [string, ManifestPage] => {
      const { route, fingerprint, markers, scripts, bytes, bodySpan } = page;
      const record: ManifestPage = { file: route.file, fingerprint, markers, scripts, bytes };
      if (route.body?.head && bodySpan)
        Object.assign(record, { bodySpan, markdown: { key: route.body.key, head: route.body.head } });
      return [route.path, record];
    }),
  );
}

/** Content hashes of every file of the output but the pages: generated files and public/. */
async function fileHashes(config: BuildConfig, files: readonly SiteFile[]): Promise<Record<string, string>> {
  const publicFiles = listFiles(config.publicDir, { hidden: true });
  const hashes: Record<string, string> = {};
  for (const path of publicFiles) hashes[path] = contentHash(readFileSync(join(config.publicDir, path)));
  for (const file of files) hashes[file.path] = contentHash(file.content);
  return hashes;
}
