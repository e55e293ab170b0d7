/**
 * What every stage of one `sitegen build` shares: its settings, its log, its clock (read once, at its start), what the
 * last build left it, and, as the build goes, the content it reads and the output it writes.
 */
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { publishing, requireProject, resolveConfig, type BuildConfig, type BuildOptions } from '../config';
import type { Publishing } from '../content/publishing';
import { generatorVersion } from '../generator-version';
import { createLog, type Log } from '../log';
import { isUpToDate, missingFiles, readInputs, readManifest } from '../output/manifest';
import type { BuildInputs, Manifest } from '../output/manifest';
import type { BuildOutput } from '../output/output';
import { refuseBrokenPublicLinks, refuseForeignOutput } from '../output/output-folder';
import type { OpenContent } from './content-stage';

export interface BuildCommandOptions extends BuildOptions {
  json?: boolean;
  incremental?: boolean;
  /** The compiled build worker (lib/site-worker.js); without it, everything runs on this thread. */
  workerUrl?: URL;
  /** Fired by a signal (cli.ts): before the commit begins, the build fails as on bad input; after, it finishes. */
  interrupt?: AbortSignal;
  generator?: string;
}

export interface BuildRun {
  config: BuildConfig;
  options: BuildCommandOptions;
  log: Log;
  started: number;
  generator: string;
  publishing: Publishing;
  /** For `--incremental`: the version of every input file, taken before any was read. */
  inputs?: BuildInputs;
  /** The last build's record, for `--incremental`: its pages are kept where their fingerprint is unchanged. */
  previous?: Manifest;
  /** An incremental build that found no input changed and the output as the last build left it. */
  upToDate?: boolean;
  stages: Record<string, number>;
}

export type SiteRun = BuildRun & { content: OpenContent };
export type WritingRun = SiteRun & { output: BuildOutput };

/** The generator's own code, when it runs from source (the tests): the CLI passes its compiled version. */
const sourceDir = fileURLToPath(new URL('..', import.meta.url));

export async function startRun(options: BuildCommandOptions): Promise<BuildRun> {
  const started = performance.now();
  const config = resolveConfig(options);
  requireProject(config);
  refuseBrokenPublicLinks(config);
  refuseForeignOutput(config);
  const log = createLog(config.quiet, options.json);
  const flags = `${options.incremental ? ' --incremental' : ''}${config.drafts ? ' --drafts' : ''}`;
  log.info(`sitegen build${flags} → ${relative(process.cwd(), config.outDir) || '.'}`);
  const where = 'forms post to /functions/v1/contact-form on this site (answered by sitegen preview and dev)';
  if (!config.supabase.url) log.stage('forms', `SUPABASE_URL is not set: ${where}`, -1);
  const generator = options.generator ?? (await generatorVersion(config.root, sourceDir));
  // The build's clock is read once, here: every stage publishes by the same day.
  const run: BuildRun = { config, options, log, started, generator, publishing: publishing(config), stages: {} };
  return options.incremental ? withLastBuild(run) : run;
}

function withLastBuild(run: BuildRun): BuildRun {
  const { config, generator } = run;
  // Taken before anything is read: a file edited while the build runs is found changed by the next.
  const inputs = readInputs(config, generator);
  const manifest = readManifest(config, generator);
  if (!manifest) {
    run.log.info(
      '  cache      no record of the last build of this output (only an --incremental build by this version of sitegen keeps one): a whole build',
    );
    return { ...run, inputs };
  }
  if (isUpToDate(config, manifest, inputs, run.publishing.today))
    return { ...run, inputs, previous: manifest, upToDate: true };
  // A page whose file someone removed renders again.
  const files = manifest.pages.map((page) => page.file);
  const missing = missingFiles(config.outDir, files);
  return { ...run, inputs, previous: { ...manifest, pages: manifest.pages.filter((page) => !missing.has(page.file)) } };
}

export function stageDone(run: BuildRun, stage: string, detail: string, ms: number): void {
  run.stages[stage] = ms;
  run.log.stage(stage, detail, ms);
}
