/**
 * `sitegen build`: every stage (src/site-builder.ts), then the output written
 * beside the old one and swapped in, then the report.
 */
import { relative } from 'node:path';
import { measureBuild, formatReport, type BuildReport } from './build-report';
import { resolveConfig, type BuildOptions } from './config';
import { createLog, formatBytes, formatMs } from './log';
import { writeSite } from './output/write-site';
import { SiteBuilder } from './site-builder';

export interface BuildResult extends BuildReport {
  outDir: string;
}

export async function build(options: BuildOptions & { json?: boolean } = {}): Promise<BuildResult> {
  const started = performance.now();
  const config = resolveConfig(options);
  const log = createLog(config.quiet || options.json);
  const progress = process.stdout.isTTY && !config.quiet && !options.json;

  log.info(`sitegen build → ${relative(process.cwd(), config.outDir) || '.'}`);
  if (!config.supabase.url) log.info('  forms      SUPABASE_URL is not set: forms post to /functions/v1/contact-form on this site (answered by sitegen preview and dev)');

  const builder = new SiteBuilder(config, {
    onStage: (stage, detail, ms) => {
      if (progress && stage === 'render') process.stdout.write('\r\x1b[K');
      log.stage(stage, detail, ms);
    },
    // On a large site, a line that counts pages while they render.
    onProgress: (done, total) => {
      if (progress && total > 300) process.stdout.write(`\r  render     ${done}/${total} pages`);
    },
  });
  const { stages } = await builder.update();

  const writing = performance.now();
  const files = builder.files();
  const written = await writeSite(config.outDir, files, config.publicDir);
  const writeMs = performance.now() - writing;
  log.stage('write', `${written.files} files, ${formatBytes(written.bytes)}`, writeMs);

  const ms = performance.now() - started;
  const report = measureBuild(builder.storedPages(), files, { ...stages, write: writeMs }, ms, written);
  if (options.json) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    log.info('');
    log.info(formatReport(report).trimEnd());
    log.info(`${report.totals.pages} pages, ${formatBytes(written.bytes)} written in ${formatMs(ms)}`);
  }
  return { ...report, outDir: config.outDir };
}
