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

const manifestVersion = 5;

/** What a build records of its output, for the next to compare with. */
export interface Manifest {
  /** Everything the output depends on, as sizes and times: equal means nothing to do. */
  inputs: string;
  /** The generator and its dependencies: a new one invalidates every page. */
  generator: string;
  pages: Record<string, ManifestPage>;
  /** Every other file written (assets, sitemap.xml, …) with a hash of its content. */
  files: Record<string, string>;
}

/** The manifest's first line: the whole build's part of it. */
type ManifestHead = Omit<Manifest, 'pages'> & { version: number };

/**
 * Pages rewritten since the manifest and its stamp were written
 * (body-edits.ts), and the input files read for them, kept in a file of
 * their own beside them: rewriting a large site's manifest and stamp for one
 * page would cost that short way a tenth of its time.
 */
interface ManifestEdits {
  version: number;
  /** The inputs of the manifest and stamp the edits amend: edits of an earlier build are not read. */
  of: string;
  /** The inputs after the edits. */
  inputs: string;
  pages: Record<string, ManifestPage>;
  /** The sizes and times of the input files read since the stamp (Stamp.files), and those now unsettled (Stamp.unsettled). */
  files: Record<string, string>;
  unsettled: string[];
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
  /** The configuration and generator the last build had (Inputs.settings). */
  settings: string;
  /** Each input file's size and time (readInputs), to tell which changed. */
  files: Record<string, string>;
  /** Input files written too close to this reading to be sure of (Inputs.unsettled): the next build reads them again. */
  unsettled: string[];
}

function cachePath(config: BuildConfig, suffix: string): string {
  return join(
    config.cacheDir,
    'incremental',
    `${createHash('sha256').update(config.outDir).digest('hex').slice(0, 16)}${suffix}`,
  );
}

export const manifestPath = (config: BuildConfig) => cachePath(config, '.json');
export const stampPath = (config: BuildConfig) => cachePath(config, '.stamp.json');
const editsPath = (config: BuildConfig) => cachePath(config, '.edits.json');

/** The stamp of the last build, with the edits made since (writeManifestEdits). */
export async function readStamp(config: BuildConfig): Promise<Stamp | undefined> {
  const [stamp, edits] = await Promise.all([readJson<Stamp>(stampPath(config)), readEdits(config)]);
  if (stamp?.version !== manifestVersion) return undefined;
  if (edits?.of === stamp.inputs)
    Object.assign(stamp, {
      inputs: edits.inputs,
      files: Object.assign(stamp.files, edits.files),
      unsettled: edits.unsettled,
    });
  return stamp;
}

async function readEdits(config: BuildConfig): Promise<ManifestEdits | undefined> {
  const edits = await readJson<ManifestEdits>(editsPath(config));
  return edits?.version === manifestVersion ? edits : undefined;
}

/** Forgets the last build: an older manifest would describe other pages than the output's. */
export async function removeManifest(config: BuildConfig): Promise<void> {
  await Promise.all(
    [stampPath(config), manifestPath(config), editsPath(config)].map((path) => rm(path, { force: true })),
  );
}

/**
 * The last build's manifest as stored: a first line for the whole build
 * (ManifestHead), then a line for each page, `[path, record]`. The short way
 * for edited bodies (body-edits.ts) needs a few of 4,000 records, and finds
 * them in the text: parsing every record, and collecting what that made,
 * cost it a seventh of its time. A whole incremental build parses them all.
 */
export class StoredManifest {
  constructor(
    /** The file's bytes: kept off V8's heap, whose collector a string of the whole file would wake on the short way. */
    private readonly bytes: Buffer,
    private readonly head: ManifestHead,
    /** The edits made since, if they amend this manifest. */
    private readonly edits?: ManifestEdits,
  ) {}

  get generator(): string {
    return this.head.generator;
  }

  /** The inputs the output was last made from, edits included. */
  get inputs(): string {
    return this.edits?.inputs ?? this.head.inputs;
  }

  /** The whole manifest, edits included; undefined if a page's line does not read (a damaged file). */
  parse(): Manifest | undefined {
    const pages: Record<string, ManifestPage> = {};
    try {
      for (const line of this.bytes.toString('utf8').split('\n').slice(1)) {
        const [path, page] = JSON.parse(line) as [string, ManifestPage];
        pages[path] = page;
      }
    } catch {
      return undefined;
    }
    return {
      inputs: this.inputs,
      generator: this.head.generator,
      pages: Object.assign(pages, this.edits?.pages),
      files: this.head.files,
    };
  }

  /** Whether the last build made a page at `path`. */
  hasPage(path: string): boolean {
    // A page's line starts with its path as JSON, and no record holds a line break.
    return this.bytes.includes(`\n[${JSON.stringify(path)},`);
  }

  /** The page that shows the body of the Markdown file `key` (its key in the content index), with its path. */
  pageShowing(key: string): [path: string, page: ManifestPage] | undefined {
    for (const [path, page] of Object.entries(this.edits?.pages ?? {}))
      if (page.markdown?.key === key) return [path, page];
    // Looked for by the key's field; the line found says whether it is that page's.
    const written = `"key":${JSON.stringify(key)}`;
    for (let at = this.bytes.indexOf(written); at !== -1; at = this.bytes.indexOf(written, at + 1)) {
      const end = this.bytes.indexOf('\n', at);
      try {
        const [path, page] = JSON.parse(
          this.bytes.toString('utf8', this.bytes.lastIndexOf('\n', at) + 1, end === -1 ? undefined : end),
        ) as [string, ManifestPage];
        if (page.markdown?.key === key) return [path, page];
      } catch {
        return undefined;
      }
    }
    return undefined;
  }

  /** The edits once `pages` are rewritten from the input `files` that changed since this manifest was read. */
  editedWith(pages: Record<string, ManifestPage>, files: Iterable<string>, inputs: Inputs): ManifestEdits {
    const versions = { ...this.edits?.files };
    for (const file of files) versions[file] = inputs.files[file]!;
    return {
      version: manifestVersion,
      of: this.head.inputs,
      inputs: inputs.signature,
      pages: { ...this.edits?.pages, ...pages },
      files: versions,
      unsettled: inputs.unsettled,
    };
  }
}

/** The manifest of the last build, with the edits made since (writeManifestEdits). */
export async function readManifest(config: BuildConfig): Promise<StoredManifest | undefined> {
  const [bytes, edits] = await Promise.all([readFile(manifestPath(config)).catch(() => undefined), readEdits(config)]);
  if (bytes === undefined) return undefined;
  const headEnd = bytes.indexOf('\n');
  let head: ManifestHead;
  try {
    head = JSON.parse(bytes.toString('utf8', 0, headEnd === -1 ? undefined : headEnd)) as ManifestHead;
  } catch {
    return undefined;
  }
  if (head.version !== manifestVersion) return undefined;
  return new StoredManifest(bytes, head, edits?.of === head.inputs ? edits : undefined);
}

async function readJson<T>(path: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** The manifest, then its stamp: a stamp never says more than the manifest beside it. */
export async function writeManifest(
  config: BuildConfig,
  manifest: Omit<Manifest, 'inputs'>,
  inputs: Inputs,
): Promise<void> {
  const path = manifestPath(config);
  const { pages, ...whole } = manifest;
  const head: ManifestHead = { version: manifestVersion, ...whole, inputs: inputs.signature };
  const lines = [JSON.stringify(head)];
  for (const entry of Object.entries(pages)) lines.push(JSON.stringify(entry));
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, lines.join('\n'));
  await rm(editsPath(config), { force: true });
  const pageFiles = Object.values(pages).map((page) => page.file);
  const stamp: Stamp = {
    version: manifestVersion,
    inputs: inputs.signature,
    generator: manifest.generator,
    pages: pageFiles.length,
    outputFiles: [...pageFiles, ...Object.keys(manifest.files)],
    settings: inputs.settings,
    files: inputs.files,
    unsettled: inputs.unsettled,
  };
  await writeFile(stampPath(config), JSON.stringify(stamp));
}

/** Pages of `manifest` rewritten since it was read (body-edits.ts) from the input `files` that changed: the stamp, as readStamp reads it, learns of them too. */
export async function writeManifestEdits(
  config: BuildConfig,
  manifest: StoredManifest,
  pages: Record<string, ManifestPage>,
  files: Iterable<string>,
  inputs: Inputs,
): Promise<void> {
  await writeFile(editsPath(config), JSON.stringify(manifest.editedWith(pages, files, inputs)));
}

/** What a build is made from, read in one walk: each input file's size and time, and one signature for all of it. */
export interface Inputs {
  /** The files, the configuration and the generator's version, hashed: equal means nothing to do. */
  signature: string;
  /** The configuration and the generator's version alone, hashed: what no file's size and time tells. */
  settings: string;
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
  const settings = contentHash(
    `${generator}\0${JSON.stringify({ siteUrl: config.siteUrl, supabase: config.supabase, dirs })}`,
  );
  const parts = [settings];
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
  return { signature: createHash('sha256').update(parts.join('\0')).digest('hex'), settings, files, unsettled };
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
    ? await Promise.all(
        listFiles(options.publicDir, { hidden: true }).map(async (path) => ({
          path,
          content: await readFile(join(options.publicDir, path)),
        })),
      )
    : [];
  const gone = new Set(options.removedFiles);
  const kept = new Set([...publicFiles, ...options.files].map((file) => file.path));
  for (const path of Object.keys(options.previousFiles)) if (!kept.has(path)) gone.add(path);
  // What is gone goes first: a file of public/ may have become a folder of the same name, or the reverse.
  await removeFiles(options.outDir, [...gone]);
  changes.removed = gone.size;
  const conflict = shapeConflict(options.outDir, [...options.renderedFiles, ...kept]);
  if (conflict)
    throw Object.assign(new Error(`${conflict}: a file and a folder of that name meet in the output`), {
      code: 'EEXIST',
    });

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
