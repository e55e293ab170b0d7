/**
 * What a build leaves for `sitegen build --incremental`, one JSON file in .sitegen/incremental/ per output folder. The
 * next incremental build writes nothing when no input changed, no scheduled article's day has come nor the clock gone
 * back, and every file is still there; otherwise it renders only the pages whose fingerprint changed (changed-output.ts).
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { cacheFiles } from '../cache-files';
import { compilerSettings, type BuildConfig } from '../config';
import { changedFiles, takeSnapshot, type Snapshot } from '../file-versions';
import { contentHash } from '../hash';
import { listFiles } from '../list-files';
import type { PageRecord } from '../render/page-rendering';
import { replaceFile } from '../replace-file';
import { listIfThere, readJsonIfThere } from '../optional-files';

export interface Manifest {
  version: number;
  generator: string;
  /** The configuration and the folders read, hashed: what no file's version tells. */
  settings: string;
  /** Every input file's version, taken before the build read any. */
  inputs: Snapshot;
  /** The day in London the build published by (its clock): a build on an earlier day is out of date. */
  day: string;
  /** The first day the clock alone changes the site (content/publishing.ts): from then on the build is out of date. */
  nextChange?: string | undefined;
  pages: PageRecord[];
  files: Record<string, string>;
}

const manifestVersion = 9;

export type BuildInputs = ReturnType<typeof readInputs>;

export function readInputs(config: BuildConfig, generator: string) {
  // The editor's code is read only by a build that makes /admin.
  const dirs = [config.contentDir, config.templatesDir, config.islandsDir, config.sharedDir, config.publicDir];
  if (config.cms) dirs.push(config.adminDir);
  const { siteUrl, supabase, drafts, cms } = config;
  const settings = contentHash(JSON.stringify([generator, siteUrl, supabase, drafts, cms, dirs]));
  // Joined as text: path.join() for every file of a large blog is a good part of an up-to-date build.
  const files = dirs.flatMap((dir) => listFiles(dir).map((path) => `${dir}/${path}`));
  return { settings, snapshot: takeSnapshot([...files, ...compilerSettings.map((name) => join(config.root, name))]) };
}

export function readManifest(config: BuildConfig, generator: string): Manifest | undefined {
  const manifest = readJsonIfThere<Manifest>(cacheFiles(config.cacheDir).manifest(config.outDir));
  return manifest?.version === manifestVersion && manifest.generator === generator ? manifest : undefined;
}

export async function writeManifest(config: BuildConfig, manifest: Omit<Manifest, 'version'>): Promise<void> {
  const path = cacheFiles(config.cacheDir).manifest(config.outDir);
  await replaceFile(path, JSON.stringify({ version: manifestVersion, ...manifest }));
}

/** Forgets the last build into this output folder: a manifest that no longer describes it must not be trusted. */
export const removeManifest = (config: BuildConfig): Promise<void> =>
  rm(cacheFiles(config.cacheDir).manifest(config.outDir), { force: true });

export function isUpToDate(config: BuildConfig, manifest: Manifest, inputs: BuildInputs, today: string): boolean {
  if (manifest.settings !== inputs.settings || changedFiles(manifest.inputs, inputs.snapshot).size > 0) return false;
  // The clock set back (a preview of a later day, SITEGEN_NOW, then the real one) changes the site as surely as forward.
  if (today < manifest.day || (manifest.nextChange !== undefined && manifest.nextChange <= today)) return false;
  const files = [...manifest.pages.map((page) => page.file), ...Object.keys(manifest.files)];
  return missingFiles(config.outDir, files).size === 0;
}

/** Which of `files` (paths under `dir`) are not there: one listing per folder, not a stat per file. */
export function missingFiles(dir: string, files: Iterable<string>): Set<string> {
  const listings = new Map<string, Set<string>>();
  const missing = new Set<string>();
  for (const file of files) {
    const slash = file.lastIndexOf('/');
    const folder = file.slice(0, Math.max(slash, 0));
    let names = listings.get(folder);
    if (!names) listings.set(folder, (names = new Set(listIfThere(join(dir, folder)))));
    if (!names.has(file.slice(slash + 1))) missing.add(file);
  }
  return missing;
}
