/**
 * Where the editor's local backend may read and write: content/, and for an upload content/images/. decap-server keeps
 * only to the repository, which holds the code CI and `npm test` run, so every path a request names is checked here
 * first, reads included. A path through a symbolic link is refused when it leads out of content/, or nowhere (writing
 * through it would create its target, wherever that is).
 */
import { lstat, readFile, readdir, realpath } from 'node:fs/promises';
import { basename, dirname, isAbsolute, join, relative, resolve } from 'node:path';
import * as v from 'valibot';
import { localImageSrc } from '../content/schemas/shared';
import { readImage } from '../images/source-images';
import { tooManyBytes } from '../images/source-limits';
import { isInside } from '../list-files';
import { developersFiles } from '../../admin/collections';

export interface BackendFolders {
  /** The project: Decap names every file by its path from here ("content/blog/x.md"). */
  root: string;
  content: string;
  uploads: string;
}

/** 400 for a malformed request, 403 for a path it may not name, 409 for a change the build would refuse. */
export type Refusal = { status: 400 | 403 | 409; reason: string };

export async function pathRefusal(body: unknown, folders: BackendFolders): Promise<Refusal | undefined> {
  const { action, params } = (body ?? {}) as { action?: unknown; params?: Record<string, unknown> };
  const named = typeof action === 'string' ? namedPaths(action, params ?? {}) : undefined;
  const unknown = action ? `unknown action ${JSON.stringify(action)}` : 'expected JSON naming an action';
  if (!named) return { status: 400, reason: unknown };
  for (const { path, upload } of named) {
    const refusal = await refusalOf(path, upload ? folders.uploads : folders.content, folders);
    if (refusal) return refusal;
  }
  // A listing reads every file of its folder: each link among them is checked as a path named would be.
  if (action === 'entriesByFolder' || action === 'getMedia')
    return listedLinksRefusal(named[0]!.path as string, folders);
  const moved = action === 'persistEntry' ? moveRefusal(params ?? {}) : undefined;
  const writes = /^(persist|delete)/.test(action as string) ? named : [];
  return moved ?? writes.map(({ path, entry }) => nameRefusal(path as string, folders, entry)).find(Boolean);
}

const entryName = /^(?:[^/.][^/]*\/)*[^/.][^/]*\.(md|json)$/;

/** What the editor writes or deletes: in content/images/, a photo the build can name (not .htaccess), not an entry's file (which no upload's check would see); elsewhere an entry's .md or .json, not hidden (the build would not read it), not a developers' file (admin/collections.ts) nor a folder (decap-server answers its delete as done, deleting nothing). */
function nameRefusal(path: string, folders: BackendFolders, entry = false): Refusal | undefined {
  const target = resolve(folders.root, path);
  const name = relative(folders.content, target).replaceAll('\\', '/');
  const photo = !entry && isInside(folders.uploads, target);
  if (photo ? v.is(localImageSrc, name) : entryName.test(name) && !developersFiles.includes(name)) return undefined;
  const expected = photo
    ? 'no name for a photo: expected one such as "content/images/van.jpg"'
    : `no file the editor edits: expected an entry's .md or .json file (${developersFiles.join(' and ')} are left to the developers)`;
  return { status: photo ? 400 : 403, reason: `${JSON.stringify(path)} is ${expected}` };
}

/** Given a new folder, decap-server moves every file of the old one there: every article with the one renamed. It moves a save's files side by side, unawaited: one failing (a file renamed twice) would stop sitegen dev. */
function moveRefusal(params: Record<string, unknown>): Refusal | undefined {
  const files = savedFiles(params);
  for (const { path, newPath } of files.filter((file) => typeof file.newPath === 'string')) {
    const reason = `${JSON.stringify(path)} moved to ${JSON.stringify(newPath)}: an entry is renamed only within its folder, and alone in its save`;
    if (files.length > 1 || dirname(newPath as string) !== dirname(path as string)) return { status: 403, reason };
  }
}

/**
 * Decap sends with an entry every photo uploaded while it was open, those the marketer then swapped for another too:
 * only those the entry names whole ("images/big-roof.jpg" names no roof.jpg) are written.
 */
export function usedAssets(params: Record<string, unknown>, assets: unknown[]): unknown[] {
  const texts = savedFiles(params).map((file) => (typeof file.raw === 'string' ? file.raw : ''));
  const names = new Set(texts.flatMap((text) => text.split(/[^\p{L}\p{N}._/-]+/u)));
  return assets.filter((asset) => {
    const path = record(asset).path;
    return typeof path === 'string' && names.has(`images/${basename(path)}`);
  });
}

/** What is not an object names nothing here; decap-server's own schema then refuses the request. */
const record = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const list = (value: unknown) => (Array.isArray(value) ? value.map(record) : []);
const savedFiles = (params: Record<string, unknown>) => [
  ...('entry' in params ? [record(params.entry)] : []),
  ...list(params.dataFiles),
];

async function listedLinksRefusal(folder: string, folders: BackendFolders): Promise<Refusal | undefined> {
  const options = { recursive: true, withFileTypes: true } as const;
  const entries = await readdir(resolve(folders.root, folder), options).catch(() => []);
  const links = entries.filter((each) => each.isSymbolicLink());
  for (const path of links.map((link) => relative(folders.root, join(link.parentPath, link.name))).sort()) {
    const refusal = await refusalOf(path, folders.content, folders);
    if (refusal) return refusal;
  }
}

/** A photo the build would refuse, refused before it reaches content/images/: the media library uploads one alone. */
export async function uploadRefusal(body: unknown, root: string): Promise<Refusal | undefined> {
  const { action, params = {} } = (body ?? {}) as { action?: unknown; params?: Record<string, unknown> };
  const uploads =
    action === 'persistMedia' ? [record(params.asset)] : action === 'persistEntry' ? list(params.assets) : [];
  for (const { path, content, encoding } of uploads) {
    if (typeof content !== 'string') continue;
    const bytes = Buffer.from(content, encoding === 'base64' ? 'base64' : 'utf8');
    // An entry's save sends its photos again as they are: only other bytes would replace one.
    const there = await readFile(resolve(root, String(path))).catch(() => undefined);
    if (there && (action === 'persistMedia' || !there.equals(bytes)))
      return { status: 409, reason: `${String(path)}: ${replacing}` };
    const problem = await readImage(bytes, (reason) => new Error(reason)).then(
      () => tooManyBytes(bytes.length),
      (error: Error) => error.message,
    );
    if (problem) return { status: 409, reason: `${String(path)}: ${problem}` };
  }
}

// The media library replaces a photo by deleting it first, which one in use refuses: nor is it then uploaded over.
const replacing = 'is there already, and not replaced while in use: upload the new photo under another name';

export function deletedPaths(body: unknown): string[] {
  const { action, params } = (body ?? {}) as { action?: unknown; params?: Record<string, unknown> };
  if (action !== 'deleteFile' && action !== 'deleteFiles') return [];
  return (namedPaths(action, params ?? {}) ?? []).map(({ path }) => path).filter((path) => typeof path === 'string');
}

function namedPaths(
  action: string,
  params: Record<string, unknown>,
): { path: unknown; upload?: boolean; entry?: boolean }[] | undefined {
  switch (action) {
    case 'info':
    case 'getDeployPreview':
      return [];
    case 'entriesByFolder':
      return [{ path: params.folder }];
    case 'entriesByFiles':
      return list(params.files).map((file) => ({ path: file.path }));
    case 'getEntry':
    case 'getMediaFile':
    case 'deleteFile':
      return [{ path: params.path }];
    case 'getMedia':
      return [{ path: params.mediaFolder }];
    case 'deleteFiles':
      return (Array.isArray(params.paths) ? params.paths : []).map((path: unknown) => ({ path }));
    case 'persistMedia':
      return [{ path: record(params.asset).path, upload: true }];
    case 'persistEntry':
      return [
        ...savedFiles(params).flatMap((file) => [
          { path: file.path, entry: true },
          ...('newPath' in file ? [{ path: file.newPath, entry: true }] : []),
        ]),
        ...list(params.assets).map((asset) => ({ path: asset.path, upload: true })),
      ];
    default:
      return undefined;
  }
}

async function refusalOf(path: unknown, folder: string, folders: BackendFolders): Promise<Refusal | undefined> {
  // A control character (a line break) names a file the build would not read, and would break the terminal's line.
  if (typeof path !== 'string' || path === '' || /\p{Cc}/u.test(path))
    return { status: 400, reason: `expected a path, found ${JSON.stringify(path)}` };
  const quoted = JSON.stringify(path);
  if (isAbsolute(path) || /^([\\/]|[a-z]:)/i.test(path))
    return { status: 400, reason: `${quoted} is absolute: expected a path from the project's folder` };
  if (path.split(/[\\/]/).includes('..')) return { status: 400, reason: `${quoted} climbs with ".."` };
  const target = resolve(folders.root, path);
  const within = (dir: string) => `${relative(folders.root, dir)}/`;
  if (!isInside(folder, target)) return { status: 403, reason: `${quoted} is outside ${within(folder)}` };
  let real: string | undefined;
  try {
    real = await realPath(target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') return { status: 400, reason: `${quoted} goes on past a file, as if it were a folder` };
    if (code === 'ENAMETOOLONG') return { status: 400, reason: `${quoted} names a file too long for the file system` };
    throw error;
  }
  if (real === undefined || !isInside(await realpath(folders.content), real)) {
    const reason = `${quoted} goes through a symbolic link that leads out of ${within(folders.content)} or nowhere`;
    return { status: 403, reason };
  }
}

/** Where `path` really is: its deepest existing part resolved, the rest as named; undefined past a link to nothing. */
async function realPath(path: string): Promise<string | undefined> {
  const missing: string[] = [];
  for (let at = path; ; at = dirname(at)) {
    try {
      return join(await realpath(at), ...missing);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      // At the root, or there yet not to be resolved: a link to nothing.
      if (dirname(at) === at || (await lstat(at).catch(() => undefined))) return undefined;
      missing.unshift(basename(at));
    }
  }
}
