/**
 * `sitegen build`: content → assets → plan → site files → render (and images) → commit → caches. A whole build, a
 * build with warm caches and `--incremental` run the same stages; they differ only in what the last build left them.
 */
import { buildAssets } from '../assets/build-assets';
import { formatBytes, formatMs } from '../log';
import { isShapeConflict } from '../output/scratch';
import { stageDone, startRun, type BuildCommandOptions, type BuildRun, type SiteRun } from './build-run';
import { openContent, readContent } from './content-stage';
import { commitOutput, keepCaches, openOutput } from './output-stages';
import { makeSiteFiles, planStage } from './plan-stage';
import { renderPages } from './render-stage';
import { formatReport, measureBuild, type BuildReport } from './report';

export type { BuildCommandOptions } from './build-run';

type BuildResult = BuildReport & { outDir: string; upToDate?: boolean };

export async function build(options: BuildCommandOptions = {}): Promise<BuildResult> {
  const run = await startRun(options);
  const result = run.upToDate ? upToDate(run) : await buildOverOutput(run);
  await printResult(run, result);
  return result;
}

async function buildOverOutput(run: BuildRun): Promise<BuildResult> {
  try {
    return await buildSite(run, { fresh: false });
  } catch (error) {
    if (!isShapeConflict(error)) throw error;
    // The output written over had a file where this build needs a folder, or the reverse: once more, into an empty folder.
    run.log.stage('output', `${(error as Error).message}: a whole build into an empty folder`, -1);
    return buildSite({ ...run, previous: undefined }, { fresh: true });
  }
}

async function buildSite(started: BuildRun, { fresh }: { fresh: boolean }): Promise<BuildResult> {
  const run: SiteRun = { ...started, content: openContent(started) };
  const onStage = (stage: string, detail: string, ms: number) => stageDone(run, stage, detail, ms);
  // The assets are made from code alone, while the content is read.
  const assetsMade = buildAssets(run.config, { dev: false, generator: run.generator, onStage });
  assetsMade.catch(() => undefined);
  try {
    const { content, catalog } = await readContent(run);
    const plan = planStage(run, { content, catalog });
    const assets = await assetsMade;
    const files = await makeSiteFiles(run, plan, assets);
    const writing = { ...run, output: await openOutput(run, fresh) };
    try {
      const rendered = await renderPages(writing, { plan, catalog, assets, named: files.images });
      run.options.interrupt?.throwIfAborted();
      const written = await commitOutput(writing, { plan, rendered, files: [...files.files, ...rendered.images] });
      await keepCaches(run, plan, written);
      return { ...measureBuild(run, written), outDir: run.config.outDir };
    } catch (error) {
      // The build threads stop first: one still writing a page into the output's folder would race its removal.
      await run.content.threads?.close();
      await writing.output.abort(error);
      throw error;
    }
  } finally {
    // A build stopped early (bad content) still waits for its assets: their lines come before its error, not after.
    await Promise.allSettled([assetsMade]);
    await run.content.close();
  }
}

async function printResult({ log, options }: BuildRun, result: BuildResult): Promise<void> {
  if (options.json) process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  else if (result.upToDate)
    log.info(`up to date: no input changed since the last build, nothing written (${formatMs(result.ms)})`);
  else {
    log.info(`\n${formatReport(result).trimEnd()}`);
    log.info(`${result.totals.pages} pages, ${formatBytes(result.totals.bytes)} written in ${formatMs(result.ms)}`);
  }
}

function upToDate(run: BuildRun): BuildResult {
  const ms = performance.now() - run.started;
  const pages = run.previous!.pages.length;
  const totals = { pages, files: 0, bytes: 0, html: 0, htmlGzip: null, css: 0, cssGzip: 0, js: 0, jsGzip: 0 };
  return { pages: [], stages: {}, ms, totals, outDir: run.config.outDir, upToDate: true };
}
