/**
 * The content index (src/content/content-index.ts): front matter and
 * rendered bodies kept between builds. Each test starts from the state a
 * build from nothing left (its index, restored), makes one kind of edit,
 * and checks what the next build read and rendered, and that it writes byte
 * for byte what a build from nothing writes. The blog is large enough for
 * the build threads to read their own shares of it: the builds from the
 * index run on the executable's build threads (lib/site-worker.js), in this
 * process, and so does the build from nothing each test starts from; those
 * from nothing that the tests compare with run on this thread alone.
 */
import { mkdir, readFile, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { writeArticles } from '../../bench/scale/articles.js';
import { tree } from '../support/output-tree';
import { copyProject, writeSettled, type ProjectCopy } from '../support/project-copy';

let project: ProjectCopy;
/** What a build from nothing of the unedited blog writes. */
let reference: Record<string, string>;
/** The blog and the content index as a build from nothing left them, kept aside to start each test from. */
const kept = (name: string) => join(project.dir, 'kept', name);
const blogDir = () => join(project.dir, 'content', 'blog');
const indexDir = () => join(project.dir, '.sitegen', 'content');
/** Copies a folder with its files' times to the nanosecond, which the index knows them by. */
const copy = (from: string, to: string) => promisify(execFile)('cp', ['-a', from, to]);

beforeAll(async () => {
  project = await copyProject();
  await writeArticles(blogDir(), 250, 3);
  // On the build threads, which each keep the bodies they render in a pack of their own.
  reference = await fromNothing({ threads: true });
  await mkdir(join(project.dir, 'kept'));
  await copy(blogDir(), kept('blog'));
  await copy(indexDir(), kept('content'));
}, 120_000);
afterAll(() => project?.remove());

beforeEach(async () => {
  await rm(blogDir(), { recursive: true });
  await rm(indexDir(), { recursive: true, force: true });
  await copy(kept('blog'), blogDir());
  await copy(kept('content'), indexDir());
});

/** 256 articles and 3 legal pages. */
const markdownFiles = 259;

/**
 * A build with no content index and no earlier output. The asset cache and
 * the social cards stay, as nothing here changes them (that the asset cache
 * changes no byte of the output is asset-cache.test.ts's).
 */
async function fromNothing({ threads = false } = {}): Promise<Record<string, string>> {
  await rm(indexDir(), { recursive: true, force: true });
  await rm(join(project.dir, 'from-nothing'), { recursive: true, force: true });
  const result = await project.buildHere({ out: 'from-nothing', threads });
  expect(result.stderr).toBe('');
  return tree(join(project.dir, 'from-nothing'));
}

/** A build from the index, which must say how many files changed and how many bodies it rendered. */
async function fromIndex(changed: number, rendered: number): Promise<Record<string, string>> {
  const result = await project.buildHere({ out: 'indexed', threads: true, quiet: false });
  expect(result.stderr).toBe('');
  const bodies = `${rendered} bod${rendered === 1 ? 'y' : 'ies'}`;
  expect(result.stdout).toContain(
    `  index      ${changed} of ${markdownFiles} Markdown files changed since the last build, ${bodies} rendered\n`,
  );
  return tree(join(project.dir, 'indexed'));
}

/** Edits an article for one test, as saved a while ago, and puts it back after. */
async function withEdit(name: string, change: (text: string) => string, test: () => Promise<void>): Promise<void> {
  const file = join(project.dir, 'content', 'blog', name);
  const text = await readFile(file, 'utf8');
  expect(change(text)).not.toBe(text);
  await writeSettled(file, change(text));
  try {
    await test();
  } finally {
    await writeSettled(file, text);
  }
}

// Each test builds the blog of 256 articles twice: longer than the default time a test may take on a busy machine.
describe('the content index', { timeout: 60_000 }, () => {
  it('lets the next build read no file and render no body, and write what a build from nothing writes', async () => {
    expect(await fromIndex(0, 0)).toEqual(reference);
  });

  it('reads an article whose body was edited and renders its body', async () => {
    await withEdit(
      'trade-marketing-note-00011.md',
      (text) => text.replace(/\n\n/, '\n\nA sentence added.\n\n'),
      async () => {
        expect(await fromIndex(1, 1)).toEqual(await fromNothing());
      },
    );
  });

  it('parses an article whose front matter alone was edited, and keeps its body', async () => {
    await withEdit(
      'trade-marketing-note-00212.md',
      (text) => text.replace(/^readTime: \d+/m, 'readTime: 9'),
      async () => {
        expect(await fromIndex(1, 0)).toEqual(await fromNothing());
      },
    );
  });

  it('renders nothing for a file saved again unchanged: a new time, the same bytes', async () => {
    const file = join(project.dir, 'content', 'blog', 'trade-marketing-note-00013.md');
    const aMinuteAgo = new Date(Date.now() - 60_000);
    await utimes(file, aMinuteAgo, aMinuteAgo);
    // The same bytes as the unedited blog's: what a build from nothing of it writes.
    expect(await fromIndex(0, 0)).toEqual(reference);
  });

  it('renders the bodies again when the packs that kept them are lost (removed or cut short)', async () => {
    const [folder] = await readdir(indexDir());
    const packs = (await readdir(join(indexDir(), folder!))).filter((name) => name.endsWith('.pack'));
    expect(packs.length).toBeGreaterThan(1);
    await Promise.all(packs.map((name) => writeFile(join(indexDir(), folder!, name), '')));
    expect(await fromIndex(0, markdownFiles)).toEqual(reference);
  });

  it('reads again a file written too recently for its time to vouch for it, and sees an edit of the same size and time', async () => {
    const file = join(project.dir, 'content', 'blog', 'trade-marketing-note-00014.md');
    const text = await readFile(file, 'utf8');
    try {
      await writeFile(file, text.replace(/\n\n/, '\n\nThe gaad news.\n\n'));
      await fromIndex(1, 1);
      const { mtime } = await stat(file);
      // Written again in the same tick of the file system's clock, at the same size.
      await writeFile(file, text.replace(/\n\n/, '\n\nThe good news.\n\n'));
      await utimes(file, mtime, mtime);
      expect(await fromIndex(1, 1)).toEqual(await fromNothing());
      const page = await readFile(join(project.dir, 'indexed', 'blog', 'trade-marketing-note-00014.html'), 'utf8');
      expect(page).toContain('The good news.');
    } finally {
      await writeSettled(file, text);
    }
  });

  it('removes what builds of content folders gone since left behind, not what a running build may still need', async () => {
    const [own] = await readdir(indexDir());
    const leftover = async (name: string, files: Record<string, string>, minutesAgo: number) => {
      await mkdir(join(indexDir(), name), { recursive: true });
      const then = new Date(Date.now() - minutesAgo * 60_000);
      for (const [file, text] of Object.entries(files)) {
        await writeFile(join(indexDir(), name, file), text);
        await utimes(join(indexDir(), name, file), then, then);
      }
    };
    // The index of a folder that was deleted; the packs of a failed build of a deleted folder, old and new.
    const deleted = {
      'index.json': JSON.stringify({ contentDir: join(project.dir, 'no-such-content') }),
      '1-0-a.pack': 'x',
    };
    await leftover('deleted-folder', deleted, 0);
    await leftover('failed-long-ago', { '1-0-b.pack': 'x' }, 11);
    await leftover('failed-just-now', { '1-0-c.pack': 'x' }, 1);
    // A build that writes its index (one body edited) tidies up.
    await withEdit(
      'trade-marketing-note-00012.md',
      (text) => `${text}\nOne more line.\n`,
      async () => {
        await fromIndex(1, 1);
      },
    );
    expect((await readdir(indexDir())).sort()).toEqual([own!, 'failed-just-now'].sort());
  });
});
