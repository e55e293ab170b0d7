/** What every stage of one `sitegen build` shares: its configuration, its log, and what the last build left it. */
import type { AssetOptions } from '../assets/build-assets';
import type { BuildConfig, BuildOptions } from '../config';
import type { Publishing } from '../content/publishing';
import type { Log } from '../log';
import type { BuildInputs, Manifest } from '../output/manifest';

export interface BuildCommandOptions extends BuildOptions {
  json?: boolean;
  incremental?: boolean;
  /** The compiled build worker (lib/site-worker.js); without it, everything runs on this thread. */
  workerUrl?: URL;
  /**
   * Fired by a signal (cli.ts), with an Interrupted as its reason: the build
   * fails before its output is committed, as it would on bad input. Once the
   * commit has begun, the build finishes.
   */
  interrupt?: AbortSignal;
  /** The generator's version, if the caller knows it (generator-version.ts). */
  generator?: string;
}

export interface BuildRun {
  config: BuildConfig;
  options: BuildCommandOptions;
  log: Log;
  started: number;
  generator: string;
  /** What this build publishes: its day in London (its clock read once, at its start) and whether drafts are previewed. */
  publishing: Publishing;
  /** For `--incremental`: the version of every input file, taken before any was read. */
  inputs?: BuildInputs;
  /** The last build's record, for `--incremental`: its pages are kept where their fingerprint is unchanged. */
  previous?: Manifest;
  /** An incremental build that found no input changed and the output as the last build left it. */
  upToDate?: boolean;
  /** How long each stage took, for the report. */
  stages: Record<string, number>;
}

/** Records a stage's time and prints its line. */
export function stageDone(run: BuildRun, stage: string, detail: string, ms: number): void {
  run.stages[stage] = ms;
  run.log.stage(stage, detail, ms);
}

export function assetOptions(run: BuildRun): AssetOptions {
  return { dev: false, generator: run.generator, onStage: (stage, detail, ms) => stageDone(run, stage, detail, ms) };
}
