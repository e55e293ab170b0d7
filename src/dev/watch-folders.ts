/**
 * The project's source folders, watched by one fs.watch per folder, each change named by the file it touched.
 * Not chokidar: on every change it stats every file of the folder again to find what was added or removed, so every
 * save, while its page was rebuilt, cost more as the blog grew. Not fs.watch's recursive mode: on Linux, Node 20 builds
 * it on a stat poller per file, which misses a file an editor replaces by renaming over it; a watcher per folder sees
 * that rename, and folders are few.
 */
import { existsSync, readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { isInside } from '../list-files';
import { unlessThrown } from '../unless-thrown';

export type FolderWatcher = { close(): void };

/** A folder added is watched from then on, and each file in it reported. */
export function watchFolders(
  roots: readonly string[],
  onChange: (path: string) => void,
  ignored: (name: string) => boolean,
): FolderWatcher {
  const watchers = new Map<string, FSWatcher>();

  const add = (folder: string, reportFiles: boolean) => {
    if (watchers.has(folder)) return;
    let entries;
    try {
      // Watched before it is listed: a file made between the two is listed, heard, or both; never missed.
      const watcher = watch(folder, (_, name) => changed(folder, name));
      // A folder removed (or out of reach) is no longer watched; its parent's watcher reports it gone.
      watcher.on('error', () => forget(folder));
      watchers.set(folder, watcher);
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      // Gone already, or not there yet (a project without islands/), or unreadable: nothing to watch.
      return forget(folder);
    }
    for (const entry of entries) {
      if (ignored(entry.name)) continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) add(path, reportFiles);
      else if (reportFiles) onChange(path);
    }
  };

  const forget = (folder: string) => {
    for (const [path, watcher] of watchers) {
      if (!isInside(folder, path)) continue;
      watcher.close();
      watchers.delete(path);
    }
  };

  const changed = (folder: string, name: string | null) => {
    // Some systems do not name what changed: the folder stands for it.
    if (!name) return onChange(folder);
    if (ignored(name)) return;
    const path = join(folder, name);
    // Out of reach (its permissions changed): reported, and the rebuild says what it cannot read.
    const info = unlessThrown(() => statSync(path, { throwIfNoEntry: false }));
    if (info?.isDirectory()) add(path, true);
    else if (!info) forget(path);
    onChange(path);
  };

  /** A root not there yet (public/, which a project need not have) is watched for from its parent, then watched itself. */
  const awaitRoot = (root: string) =>
    unlessThrown(() =>
      // Its parent gone (the project deleted): there is nothing left to wait for.
      watch(dirname(root), (_, name) => {
        if (name === basename(root)) add(root, true);
      }).on('error', () => {}),
    );
  const awaited = roots.filter((root) => !existsSync(root)).map(awaitRoot);

  for (const root of roots) add(root, false);
  return {
    close: () => {
      for (const watcher of [...watchers.values(), ...awaited]) watcher?.close();
      watchers.clear();
    },
  };
}
