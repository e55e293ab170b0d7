/**
 * A project copy as the tests of publishing change and read it: an
 * article's front matter edited (made a draft, dated, given an updated
 * date), saved as the content index trusts it; a file of the copy read as
 * text, or loaded as a page.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import { expect } from 'vitest';
import { writeSettled, type ProjectCopy } from './project-copy';

/** Edits an article's front matter in the project copy, saved a while ago so the content index may trust its time. */
export async function editArticle(project: ProjectCopy, slug: string, change: (text: string) => string): Promise<void> {
  const file = join(project.dir, 'content', 'blog', `${slug}.md`);
  const text = await readFile(file, 'utf8');
  expect(change(text)).not.toBe(text);
  await writeSettled(file, change(text));
}

/** An article's front matter marked `draft: true`. */
export const markDraft = (text: string) => text.replace(/^readTime:/m, 'draft: true\nreadTime:');
/** A file of the project copy, as text. */
export const read = (project: ProjectCopy, file: string) => readFile(join(project.dir, file), 'utf8');
/** A file of the project copy, loaded as a page. */
export const load = async (project: ProjectCopy, file: string) => cheerio.load(await read(project, file));
