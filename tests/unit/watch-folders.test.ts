/**
 * What `sitegen dev` hears of the project's folders (src/dev/watch-folders.ts),
 * on the real file system: every way an editor or a person changes a file,
 * named by its path; what editors leave behind, not at all.
 */
import { mkdir, mkdtemp, rename, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { watchFolders, type FolderWatcher } from '../../src/dev/watch-folders';

let root: string;
let watcher: FolderWatcher;
let heard: Set<string>;

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'sitegen-watch-'));
  await mkdir(join(root, 'content', 'blog'), { recursive: true });
  await mkdir(join(root, 'templates'));
  await writeFile(join(root, 'content', 'blog', 'a-note.md'), 'one\n');
  await writeFile(join(root, 'content', 'site.json'), '{}\n');
  heard = new Set();
  watcher = watchFolders(
    [join(root, 'content'), join(root, 'templates'), join(root, 'public')],
    (path) => heard.add(path),
    (name) => /^\.|~$/.test(name),
  );
});
afterEach(async () => {
  watcher.close();
  await rm(root, { recursive: true, force: true });
});

/** Waits until `path` has been heard of. */
const hears = (...parts: string[]) => expect.poll(() => heard.has(join(root, ...parts))).toBe(true);

describe('watchFolders', () => {
  it('hears a file written in place, in a folder and in the root of what it watches', async () => {
    await writeFile(join(root, 'content', 'blog', 'a-note.md'), 'two\n');
    await writeFile(join(root, 'content', 'site.json'), '{ "edited": true }\n');
    await hears('content', 'blog', 'a-note.md');
    await hears('content', 'site.json');
  });

  it('hears a file an editor saves by writing a copy and renaming it over the file, and not the copy', async () => {
    await writeFile(join(root, 'content', 'blog', '.a-note.md.swp'), 'three\n');
    await rename(join(root, 'content', 'blog', '.a-note.md.swp'), join(root, 'content', 'blog', 'a-note.md'));
    await writeFile(join(root, 'content', 'blog', 'a-note.md~'), 'four\n');
    await rename(join(root, 'content', 'blog', 'a-note.md~'), join(root, 'content', 'blog', 'a-note.md'));
    await hears('content', 'blog', 'a-note.md');
    // The editor's copies were written and renamed before that was heard: any event of theirs has arrived too.
    expect([...heard].filter((path) => /\.swp$|~$/.test(path))).toEqual([]);
    // The file is still watched after being replaced.
    heard.clear();
    await writeFile(join(root, 'content', 'blog', 'a-note.md'), 'five\n');
    await hears('content', 'blog', 'a-note.md');
  });

  it('hears a file added and one deleted', async () => {
    await writeFile(join(root, 'content', 'blog', 'another-note.md'), 'new\n');
    await unlink(join(root, 'content', 'blog', 'a-note.md'));
    await hears('content', 'blog', 'another-note.md');
    await hears('content', 'blog', 'a-note.md');
  });

  it('watches a folder added, with the files it came with, and hears it removed', async () => {
    const made = join(root, 'made-elsewhere');
    await mkdir(join(made, 'inner'), { recursive: true });
    await writeFile(join(made, 'inner', 'Card.tsx'), 'export {};\n');
    await rename(made, join(root, 'templates', 'components'));
    await hears('templates', 'components', 'inner', 'Card.tsx');
    heard.clear();
    await writeFile(join(root, 'templates', 'components', 'inner', 'Card.tsx'), 'export const edited = true;\n');
    await hears('templates', 'components', 'inner', 'Card.tsx');
    await rm(join(root, 'templates', 'components'), { recursive: true });
    await hears('templates', 'components');
  });

  it('watches a folder it was given once it is made (public/, which a project need not have), and nothing else beside it', async () => {
    await writeFile(join(root, 'notes.txt'), 'not a source\n');
    await mkdir(join(root, 'public', 'photos'), { recursive: true });
    await writeFile(join(root, 'public', 'photos', 'van.jpg'), 'a photo\n');
    await hears('public', 'photos', 'van.jpg');
    // Heard after the note was written in the project's folder, which is watched for public/ alone.
    expect([...heard].filter((path) => !path.startsWith(join(root, 'public')))).toEqual([]);
    heard.clear();
    await writeFile(join(root, 'public', 'photos', 'van.jpg'), 'another photo\n');
    await hears('public', 'photos', 'van.jpg');
  });
});
