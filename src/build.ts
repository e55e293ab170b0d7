/**
 * `sitegen build`: every stage (src/site-builder.ts) into a staging folder
 * beside the output, swapped in only when all of it succeeded; then the
 * report. On a large site, pages are parsed and rendered on every core and
 * written to the staging folder as they render, never all held in memory.
 */
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { measureBuild, formatReport, type BuildReport } from './build-report';
import { resolveConfig, type BuildOptions } from './config';
import { createLog, formatBytes, formatMs } from './log';
import { Staging } from './output/write-site';
import { SiteBuilder } from './site-builder';

export interface BuildResult extends BuildReport {
  outDir: string;
}

export async function build(options: BuildOptions & { json?: boolean; workerUrl?: URL } = {}): Promise<BuildResult> {
  const started = performance.now();
  const config = resolveConfig(options);
  const log = createLog(config.quiet || options.json);
  const progress = process.stdout.isTTY && !config.quiet && !options.json;

  log.info(`sitegen build → ${relative(process.cwd(), config.outDir) || '.'}`);
  if (!config.supabase.url) log.info('  forms      SUPABASE_URL is not set: forms post to /functions/v1/contact-form on this site (answered by sitegen preview and dev)');

  const staging = await Staging.open(config.outDir, config.publicDir);
  const builder = new SiteBuilder(config, {
    workerUrl: options.workerUrl,
    renderTo: staging.dir,
    onStage: (stage, detail, ms) => {
      if (progress && stage === 'render') process.stdout.write('\r\x1b[K');
      log.stage(stage, detail, ms);
    },
    // On a large site, a line that counts pages while they render.
    onProgress: (done, total) => {
      if (progress && total > 300) process.stdout.write(`\r  render     ${done}/${total} pages`);
    },
  });
  let report: BuildReport;
  try {
    const { stages } = await builder.update();
    const writing = performance.now();
    const files = builder.files();
    const pages = builder.storedPages();
    // Pages the workers wrote are in the staging folder already; the rest of the site is written now.
    const onDisk = pages.filter((page) => page.html === undefined);
    staging.record(onDisk.length, onDisk.reduce((sum, page) => sum + page.bytes, 0));
    await staging.write(files);
    const written = await staging.commit();
    const writeMs = performance.now() - writing;
    log.stage('write', `${written.files} files, ${formatBytes(written.bytes)}`, writeMs);
    report = measureBuild(pages, files, { ...stages, write: writeMs }, performance.now() - started, written, (page) => readFileSync(join(config.outDir, page.route.file)));
  } catch (error) {
    await staging.abort();
    throw error;
  } finally {
    await builder.close();
  }

  if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    log.info('');
    log.info(formatReport(report).trimEnd());
    log.info(`${report.totals.pages} pages, ${formatBytes(report.totals.bytes)} written in ${formatMs(report.ms)}`);
  }
  return { ...report, outDir: config.outDir };
}
