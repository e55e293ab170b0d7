/**
 * What `sitegen dev` watches: the project's source folders, one fs.watch per
 * folder (inotify, FSEvents or ReadDirectoryChangesW underneath), each change
 * named by the file it touched.
 *
 * Not chokidar, which sitegen used before: on every change inside a folder it
 * reads the whole folder again, a stat per file, to find what was added or
 * removed: the cost of every save grew with the blog, and was paid while the
 * page was being rebuilt.
 * Not fs.watch's recursive mode either: on Linux, Node 20 builds it on a stat
 * poller per file, which misses a file that an editor replaces by renaming
 * over it. A watcher per folder sees that as a rename of the file's name, and
 * folders are few.
 */
import { readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join } from 'node:path';
import { isInside } from '../list-files';

export interface FolderWatcher {
  close(): void;
}

/**
 * Calls `onChange` with the path of every file or folder added, changed,
 * renamed or removed under `roots`, those `ignored` by name left out. A
 * folder added is watched from then on, and each file in it reported.
 */
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
      entries = readdirSync(folder, { withFileTypes: true });
      const watcher = watch(folder, (_, name) => changed(folder, name));
      // A folder removed (or out of reach) is no longer watched; its parent's watcher reports it gone.
      watcher.on('error', () => forget(folder));
      watchers.set(folder, watcher);
    } catch {
      // Gone already, or not there yet (a project without islands/): nothing to watch.
      return;
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
    let info;
    try {
      info = statSync(path, { throwIfNoEntry: false });
    } catch {
      // Out of reach (its permissions changed): reported, and the rebuild says what it cannot read.
    }
    if (info?.isDirectory()) add(path, true);
    else if (!info) forget(path);
    onChange(path);
  };

  for (const root of roots) add(root, false);
  return {
    close: () => {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}
