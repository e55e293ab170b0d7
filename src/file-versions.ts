/**
 * The one rule for "this file changed since it was last read", used by the content index, the incremental build's
 * manifest and the asset cache: a file is the same while its size and modification time are.
 * A modification time vouches for a file only if it was written well before it was read: two writes within one tick of
 * the file system's clock, the second after the first was read, leave the same size and time (git calls such files
 * "racily clean"). A file read that soon after its last write is unsettled: the next build reads it again.
 */
import { statSync, type Stats } from 'node:fs';
import { contentHash } from './hash';

/** Longer than any file system's clock tick (FAT's is 2 s). */
const untrustedForMs = 2_000;

const fileVersion = (info: Pick<Stats, 'size' | 'mtimeMs'>): string => `${info.size}:${info.mtimeMs}`;

const isSettled = (info: Pick<Stats, 'mtimeMs'>, readAt: number): boolean => readAt - info.mtimeMs > untrustedForMs;

/** What a file was when it was read: its version, if settled; otherwise nothing it can be found equal to. */
export type KnownVersion = ReturnType<typeof knownVersion>;

export function knownVersion(info: Pick<Stats, 'size' | 'mtimeMs'>, readAt: number) {
  return { version: fileVersion(info), settled: isSettled(info, readAt) };
}

export const isUnchanged = (known: KnownVersion | undefined, info: Pick<Stats, 'size' | 'mtimeMs'>): boolean =>
  known !== undefined && known.settled && known.version === fileVersion(info);

/** The versions of a set of files, taken together (the inputs of a build, the sources of the assets). */
export interface Snapshot {
  /** Version by path; a file that is not there is left out. */
  files: Record<string, string>;
  /** Files too recently written to vouch for. */
  unsettled: string[];
}

export function takeSnapshot(paths: Iterable<string>): Snapshot {
  const readAt = Date.now();
  const snapshot: Snapshot = { files: {}, unsettled: [] };
  for (const path of paths) {
    const info = statSync(path, { throwIfNoEntry: false });
    if (!info) continue;
    snapshot.files[path] = fileVersion(info);
    if (!isSettled(info, readAt)) snapshot.unsettled.push(path);
  }
  return snapshot;
}

/**
 * One hash for a snapshot and whatever else it stands for (a generator's version, settings). A snapshot with an
 * unsettled file gets a hash no other snapshot has: what it keys is never found again.
 */
export function snapshotKey(snapshot: Snapshot, extra: string): string {
  const parts = Object.entries(snapshot.files).map(([path, version]) => `${path}\0${version}`);
  const unsettled = snapshot.unsettled.length ? `\0unsettled ${process.pid} ${performance.now()} ${Math.random()}` : '';
  return contentHash(`${extra}\0${parts.join('\0')}${unsettled}`);
}

/** The files added, removed or changed between two snapshots; an unsettled file of the earlier one counts as changed. */
export function changedFiles(before: Snapshot, after: Snapshot): Set<string> {
  const changed = new Set(before.unsettled);
  for (const path in after.files) if (before.files[path] !== after.files[path]) changed.add(path);
  for (const path in before.files) if (!(path in after.files)) changed.add(path);
  return changed;
}
