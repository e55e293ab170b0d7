/**
 * `sitegen build --incremental`: a manifest of the last build, kept in a
 * git-ignored folder (.sitegen/incremental/), lets the next build rewrite only
 * what changed.
 *
 * - When no input changed (the generator's own code, the lock file, the
 *   configuration, tsconfig.json and package.json, and the size and time of
 *   every file in content/, templates/, islands/, the shared lead code and
 *   public/) and every file of the last build is still in the output,
 *   nothing is written at all.
 * - Otherwise every page's fingerprint (its props, head, template sources,
 *   layout, stylesheet and scripts) is compared with the last build's, only
 *   the pages that differ are rendered, and only files whose content changed
 *   are written. The result is the same, byte for byte, as a cold build.
 */
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { listFiles } from '../list-files';
import { compilerSettings, type BuildConfig } from '../config';
import { contentHash } from '../hash';
import type { FrontMatterText } from '../content/read-content';
import type { SeedPage } from '../site-builder';
import { foldersAbove } from '../paths';
import { removeFiles, type SiteFile } from './write-site';

const manifestVersion = 4;

export interface Manifest {
  version: number;
  /** Everything the output depends on, as sizes and times: equal means nothing to do. */
  inputs: string;
  /** The generator and its dependencies: a new one invalidates every page. */
  generator: string;
  pages: Record<string, ManifestPage>;
  /** Every other file written (assets, sitemap.xml, …) with a hash of its content. */
  files: Record<string, string>;
  /** What readManifest found amending the stored manifest (ManifestEdits); not stored in it. */
  amended?: Amendments;
}

/**
 * Pages rewritten since the manifest was written (body-edits.ts), kept in a
 * file of their own beside it: rewriting a large site's manifest for one
 * page would cost that short way a twentieth of its time.
 */
interface ManifestEdits extends Amendments {
  version: number;
  /** The inputs after the edits. */
  inputs: string;
}

interface Amendments {
  /** The inputs of the manifest the edits amend: edits of an earlier manifest are not read. */
  of: string;
  pages: Record<string, ManifestPage>;
}

/** A page of the last build; a Markdown page's record names the file whose body it shows (see body-edits.ts). */
export interface ManifestPage extends SeedPage {
  /** The file's key in the content index ("blog/a-note.md"), and its front matter's hash (MarkdownBody). */
  markdown?: { key: string; head: FrontMatterText };
}

/**
 * What the up-to-date check reads, kept beside the manifest: a build with
 * nothing to do then parses a list of file names, not every page's record
 * (which, at 4,000 pages, cost it as much again in parsing and collecting).
 */
export interface Stamp {
  version: number;
  inputs: string;
  generator: string;
  /** How many pages the last build made. */
  pages: number;
  /** Every file of the last build, pages and all, to see that none was removed since. */
  outputFiles: string[];
  /** Each input file's size and time (readInputs), to tell which changed. */
  files: Record<string, string>;
  /** Input files written too close to this reading to be sure of (Inputs.unsettled): the next build reads them again. */
  unsettled: string[];
}

function cachePath(config: BuildConfig, suffix: string): string {
  return join(config.cacheDir, 'incremental', `${createHash('sha256').update(config.outDir).digest('hex').slice(0, 16)}${suffix}`);
}

export const manifestPath = (config: BuildConfig) => cachePath(config, '.json');
export const stampPath = (config: BuildConfig) => cachePath(config, '.stamp.json');
const editsPath = (config: BuildConfig) => cachePath(config, '.edits.json');

export async function readStamp(config: BuildConfig): Promise<Stamp | undefined> {
  const stamp = await readJson<Stamp>(stampPath(config));
  return stamp?.version === manifestVersion ? stamp : undefined;
}

/** Forgets the last build: an older manifest would describe other pages than the output's. */
export async function removeManifest(config: BuildConfig): Promise<void> {
  await Promise.all([stampPath(config), manifestPath(config), editsPath(config)].map((path) => rm(path, { force: true })));
}

/** The manifest of the last build, with the edits made since (writeManifestEdits). */
export async function readManifest(config: BuildConfig): Promise<Manifest | undefined> {
  const [manifest, edits] = await Promise.all([readJson<Manifest>(manifestPath(config)), readJson<ManifestEdits>(editsPath(config))]);
  if (manifest?.version !== manifestVersion) return undefined;
  if (edits?.version === manifestVersion && edits.of === manifest.inputs) {
    Object.assign(manifest.pages, edits.pages);
    manifest.amended = { of: edits.of, pages: edits.pages };
    manifest.inputs = edits.inputs;
  }
  return manifest;
}

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** The manifest, then its stamp: a stamp never says more than the manifest beside it. */
export async function writeManifest(config: BuildConfig, manifest: Omit<Manifest, 'version' | 'inputs' | 'amended'>, inputs: Inputs): Promise<void> {
  const path = manifestPath(config);
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, JSON.stringify({ version: manifestVersion, inputs: inputs.signature, ...manifest }));
  await rm(editsPath(config), { force: true });
  await writeStamp(config, manifest, inputs);
}

/** Pages of `manifest` rewritten since it was read (body-edits.ts), then the stamp. */
export async function writeManifestEdits(config: BuildConfig, manifest: Manifest, pages: Record<string, ManifestPage>, inputs: Inputs): Promise<void> {
  const edits: ManifestEdits = {
    version: manifestVersion,
    of: manifest.amended?.of ?? manifest.inputs,
    inputs: inputs.signature,
    pages: { ...manifest.amended?.pages, ...pages },
  };
  await writeFile(editsPath(config), JSON.stringify(edits));
  await writeStamp(config, manifest, inputs);
}

async function writeStamp(config: BuildConfig, manifest: Pick<Manifest, 'generator' | 'pages' | 'files'>, inputs: Inputs): Promise<void> {
  const pages = Object.values(manifest.pages);
  const stamp: Stamp = {
    version: manifestVersion,
    inputs: inputs.signature,
    generator: manifest.generator,
    pages: pages.length,
    outputFiles: [...pages.map((page) => page.file), ...Object.keys(manifest.files)],
    files: inputs.files,
    unsettled: inputs.unsettled,
  };
  await writeFile(stampPath(config), JSON.stringify(stamp));
}

/** What a build is made from, read in one walk: each input file's size and time, and one signature for all of it. */
export interface Inputs {
  /** The files, the configuration and the generator's version, hashed: equal means nothing to do. */
  signature: string;
  /** "size:time" by absolute path. */
  files: Record<string, string>;
  /**
   * Files written so shortly before this reading that they may be written
   * again in the same tick of their time, at the same size, and look
   * unchanged: the signature is then one no later reading repeats, and the
   * next build reads them again (as the content index does).
   */
  unsettled: string[];
}

/** How long after it was written a file's size and time are trusted to tell an edit (Inputs.unsettled). */
const settledAfterMs = 2000;

/**
 * Sizes and times of every input file, with the configuration and the
 * generator's version. Synchronous stats in one walk: on the up-to-date path
 * this is most of the work.
 */
export function readInputs(config: BuildConfig, generator: string): Inputs {
  const dirs = [config.contentDir, config.templatesDir, config.islandsDir, config.sharedDir, config.publicDir];
  const parts = [generator, JSON.stringify({ siteUrl: config.siteUrl, supabase: config.supabase, dirs })];
  const files: Record<string, string> = {};
  const unsettled: string[] = [];
  const now = Date.now();
  const add = (file: string) => {
    const info = statSync(file);
    const version = `${info.size}:${info.mtimeMs}`;
    files[file] = version;
    parts.push(`${file}\0${version}`);
    if (now - info.mtimeMs < settledAfterMs) {
      unsettled.push(file);
      parts.push(`unsettled at ${now}`);
    }
  };
  for (const dir of dirs) {
    // public/ is copied whole, hidden files (.well-known/) and all; elsewhere they are an editor's or the system's.
    // Joined as text, and hashed in one go: path.join() and a hash update per file cost half this walk.
    for (const path of listFiles(dir, { hidden: dir === config.publicDir })) add(`${dir}/${path}`);
  }
  for (const name of compilerSettings) if (existsSync(join(config.root, name))) add(join(config.root, name));
  return { signature: createHash('sha256').update(parts.join('\0')).digest('hex'), files, unsettled };
}

/**
 * The input files added, removed or changed since the last build's walk
 * (readInputs), and those it could not be sure of (Inputs.unsettled) that
 * look the same: they must be read again.
 */
export function changedInputs(stamp: Stamp, now: Inputs): { changed: Set<string>; rechecked: Set<string> } {
  const changed = new Set<string>();
  for (const file in now.files) if (stamp.files[file] !== now.files[file]) changed.add(file);
  for (const file in stamp.files) if (!(file in now.files)) changed.add(file);
  const rechecked = new Set(stamp.unsettled.filter((file) => file in now.files && !changed.has(file)));
  return { changed, rechecked };
}

/** Which of `files` (paths under `dir`) are not there: one listing per folder, not a stat per file. */
export function missingFiles(dir: string, files: Iterable<string>): Set<string> {
  const listings = new Map<string, Set<string> | undefined>();
  const missing = new Set<string>();
  for (const file of files) {
    // Output paths have forward slashes: sliced, not path.dirname() and basename(), for thousands of pages.
    const slash = file.lastIndexOf('/');
    const folder = file.slice(0, Math.max(slash, 0));
    let listing = listings.get(folder);
    if (listing === undefined && !listings.has(folder)) {
      try {
        listing = new Set(readdirSync(join(dir, folder)));
      } catch {
        // No such folder: every file of it is missing.
      }
      listings.set(folder, listing);
    }
    if (!listing?.has(file.slice(slash + 1))) missing.add(file);
  }
  return missing;
}

export interface AppliedChanges {
  written: number;
  removed: number;
  bytes: number;
}

/**
 * Puts an update into the output folder: rendered pages are moved in from the
 * scratch folder, other files written only if their content changed, and
 * files of the last build that no longer exist are removed, first, with the
 * folders they leave empty. If a file is then to go where the output has a
 * folder, or under what it has as a file (public/ changed a file into a
 * folder that still holds files), nothing more is changed: that throws an
 * error isShapeConflict knows, and the caller makes a whole build.
 */
export async function applyChanges(options: {
  outDir: string;
  scratchDir: string;
  renderedFiles: readonly string[];
  removedFiles: readonly string[];
  files: readonly SiteFile[];
  publicDir: string;
  previousFiles: Record<string, string>;
}): Promise<{ changes: AppliedChanges; files: Record<string, string> }> {
  const changes: AppliedChanges = { written: 0, removed: 0, bytes: 0 };
  // public/ is part of the output as it is; its files are tracked like the generated ones.
  const publicFiles: SiteFile[] = existsSync(options.publicDir)
    ? await Promise.all(listFiles(options.publicDir, { hidden: true }).map(async (path) => ({ path, content: await readFile(join(options.publicDir, path)) })))
    : [];
  const gone = new Set(options.removedFiles);
  const kept = new Set([...publicFiles, ...options.files].map((file) => file.path));
  for (const path of Object.keys(options.previousFiles)) if (!kept.has(path)) gone.add(path);
  // What is gone goes first: a file of public/ may have become a folder of the same name, or the reverse.
  await removeFiles(options.outDir, [...gone]);
  changes.removed = gone.size;
  const conflict = shapeConflict(options.outDir, [...options.renderedFiles, ...kept]);
  if (conflict) throw Object.assign(new Error(`${conflict}: a file and a folder of that name meet in the output`), { code: 'EEXIST' });

  const folders = new Set<string>();
  const ensureFolder = async (file: string) => {
    const folder = dirname(join(options.outDir, file));
    if (folders.has(folder)) return;
    folders.add(folder);
    await mkdir(folder, { recursive: true });
  };

  for (const file of options.renderedFiles) {
    await ensureFolder(file);
    await rename(join(options.scratchDir, file), join(options.outDir, file));
    changes.written += 1;
    changes.bytes += (await stat(join(options.outDir, file))).size;
  }

  const files: Record<string, string> = {};
  for (const file of [...publicFiles, ...options.files]) {
    const hash = contentHash(file.content);
    files[file.path] = hash;
    if (options.previousFiles[file.path] === hash && existsSync(join(options.outDir, file.path))) continue;
    await ensureFolder(file.path);
    await writeFile(join(options.outDir, file.path), file.content);
    changes.written += 1;
    changes.bytes += typeof file.content === 'string' ? Buffer.byteLength(file.content) : file.content.byteLength;
  }
  return { changes, files };
}

/**
 * The first of `paths` (to be written under `dir`) that meets a file where it
 * needs a folder, or a folder where it needs a file; undefined if none does.
 * Folders are looked at from the top, so no path is looked up under a file.
 */
function shapeConflict(dir: string, paths: readonly string[]): string | undefined {
  const kinds = new Map<string, 'file' | 'folder' | 'none'>();
  const kindOf = (path: string) => {
    let kind = kinds.get(path);
    if (kind === undefined) {
      const info = lstatSync(join(dir, path), { throwIfNoEntry: false });
      kind = info === undefined ? 'none' : info.isDirectory() ? 'folder' : 'file';
      kinds.set(path, kind);
    }
    return kind;
  };
  for (const path of paths) {
    for (const folder of foldersAbove(path)) {
      const kind = kindOf(folder);
      if (kind === 'file') return path;
      // Nothing below a folder that is not there.
      if (kind === 'none') break;
    }
    if (kindOf(path) === 'folder') return path;
  }
  return undefined;
}

export function relativeTo(dir: string, path: string): string {
  return relative(dir, path).split('\\').join('/');
}
