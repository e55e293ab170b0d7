/**
 * The stages of a build that write: the output opened (a staging folder to swap in, or for an incremental build a
 * scratch folder beside the output) once the plan is validated, committed once every page has rendered, then what the
 * next build reuses (the content index, the manifest).
 */
import { nextChange } from '../content/publishing';
import { formatBytes } from '../log';
import { ChangedOutput } from '../output/changed-output';
import { removeManifest, writeManifest } from '../output/manifest';
import type { BuildOutput, Committed, OutputFile } from '../output/output';
import { Staging } from '../output/staging';
import type { SitePlan } from '../plan/plan-site';
import { stageDone, type BuildRun, type SiteRun, type WritingRun } from './build-run';
import type { RenderedPages } from './render-stage';

export async function openOutput(run: BuildRun, fresh: boolean): Promise<BuildOutput> {
  const { outDir, publicDir } = run.config;
  if (run.previous) return ChangedOutput.open(outDir, publicDir, run.previous.files);
  return Staging.open(outDir, publicDir, fresh);
}

export interface Written {
  rendered: RenderedPages;
  /** Every file of the site but its pages and public/'s. */
  files: readonly OutputFile[];
  committed: Committed;
}

export async function commitOutput(
  run: WritingRun,
  { plan, rendered, files }: Omit<Written, 'committed'> & { plan: SitePlan },
): Promise<Written> {
  const started = performance.now();
  const pageFiles = new Set(plan.routes.routes.map((route) => route.file));
  const gone = (run.previous?.pages ?? []).map((page) => page.file).filter((file) => !pageFiles.has(file));
  // The record of the last build goes first: were this one stopped halfway through, it would describe neither.
  await removeManifest(run.config);
  const committed = await run.output.commit(rendered.written, gone, files);
  const { written, removed, bytes } = committed;
  const detail = run.previous
    ? `${written} files written, ${removed} removed, ${formatBytes(bytes)}`
    : `${written} files, ${formatBytes(bytes)}`;
  stageDone(run, 'write', detail, performance.now() - started);
  return { rendered, files, committed };
}

export async function keepCaches(run: SiteRun, { model }: SitePlan, { rendered, committed }: Written): Promise<void> {
  const { config, generator, inputs, content } = run;
  content.images.save();
  if (content.reader.index.dir) {
    const keys = [...model.articles, ...model.legalPages].map((document) => document.body.key);
    const learnt = new Map([...content.reader.learnt, ...rendered.learnt]);
    const { files, changed, rendered: bodies } = content.reader.index.save(config.contentDir, generator, keys, learnt);
    const detail = `${changed} of ${files} Markdown files changed since the last build, ${bodies} bod${bodies === 1 ? 'y' : 'ies'} rendered`;
    run.log.stage('index', detail, -1);
  }
  // Only an incremental build fingerprints its pages: a whole build leaves no record, and the next incremental build is whole.
  if (!inputs) return;
  await writeManifest(config, {
    generator,
    settings: inputs.settings,
    inputs: inputs.snapshot,
    day: run.publishing.today,
    nextChange: nextChange(model, run.publishing.today),
    pages: rendered.pages,
    files: committed.hashes,
  });
}
