/**
 * The editor a browser test file shares: a copy of the project as the
 * marketer finds it (an article that says when it last changed), sitegen
 * dev in it and the editor open on it, opened before the file's tests and
 * closed after them, its content put back as committed before each test
 * (support/editor.ts, openEditedProject). And what the tests read of it (a
 * content file, a page of sitegen dev, what a save changed as git tells
 * it) and do in it (a field retyped, an entry saved).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { DevServer } from '../../../src/dev/dev-server';
import type { ProjectCopy } from '../../support/project-copy';
import { notification, openEditedProject, publish, type EditedProject, type Editor } from './editor';

// The open editor's parts, set by useEditedProject's beforeAll for the file that called it: an import of them reads
// what is set now (an ES module's exports are live), so a test reads them by name as a file's own would be read.
export let edited: EditedProject;
export let project: ProjectCopy;
export let dev: DevServer;
export let editor: Editor;
export let lines: string[];

/** An article that says when it last changed, as the repository has it before the marketer's edits. */
export const updatedArticle = 'blog/local-seo-tips.md';

/** Opens the editor for the test file that calls this at its top level, and closes it after the file's tests. */
export function useEditedProject(): void {
  let opened: EditedProject | undefined;
  beforeAll(async () => {
    opened = await openEditedProject(async (content) => {
      const article = join(content, updatedArticle);
      await writeFile(
        article,
        (await readFile(article, 'utf8')).replace(/^(date: .*\n)/m, '$1updated: "2024-11-20"\n'),
      );
    });
    edited = opened;
    ({ project, dev, editor, lines } = edited);
  }, 240_000);
  afterAll(() => opened?.close());

  // Each test starts from the content as committed, whatever the one before it wrote.
  beforeEach(() => edited.restore());
}

/** A file of the copy's content/, by its path there. */
export function contentFile(path: string) {
  return join(project.dir, 'content', path);
}

type Draft = { slug: string; title: string; body: string; readTime?: string };

/** A draft article at content/blog/<slug>.md, as a colleague's commit brings it: `readTime` as its front matter writes it. */
export function writeDraft({ slug, title, body, readTime = '5' }: Draft) {
  const frontMatter = [
    `title: "${title}"`,
    `slug: "${slug}"`,
    `excerpt: "${title}: what to put on the van so that the people behind it call you."`,
    `description: "${title}: what to put on a tradesperson's van so that the people who see it call."`,
    'keywords: ["van signs"]',
    'author: "James Thompson"',
    'date: "2026-11-20"',
    'draft: true',
    `readTime: ${readTime}`,
    'category: "Web Design"',
    'featured: false',
    'image: "https://images.unsplash.com/photo-1460925895917-afdab827c52f"',
    'imageAlt: "A white van with a firm\'s name on its side"',
  ];
  return writeFile(contentFile(`blog/${slug}.md`), ['---', ...frontMatter, '---', '', body, ''].join('\n'));
}

/** A page of sitegen dev, as it serves it: 200 OK. */
export async function devPage(path: string): Promise<string> {
  const response = await fetch(`${dev.url}${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** What the test's save changed, as `git diff --numstat` tells it: lines added, lines removed, file. */
export async function savedChanges(): Promise<string[]> {
  return (await edited.git('diff', '--numstat')).trim().split('\n');
}

/** What the test's save changed, as `git diff -U0` shows it. */
export const savedLines = () => edited.git('diff', '-U0');

/** A field's text replaced as a marketer replaces it: all of it selected, then the new text put in its place as a paste puts it (Decap's slug field keeps what `fill` sets beside it). */
export async function retype(input: Locator, text: string) {
  await input.click();
  await input.press('Control+A');
  await input.page().keyboard.insertText(text);
}

/** Published, and said to be saved. */
export async function saved(page: Page) {
  await publish(page);
  expect(await notification(page)).toBe('Entry saved');
}

/**
 * Published, and refused in Decap's notification with `refusal`, the build's words: nothing written, and no error in
 * the page but the refusal's own.
 */
export async function refused(page: Page, problems: () => string[], refusal: string) {
  await publish(page);
  expect(await notification(page)).toBe(`Failed to persist entry: ${refusal}`);
  expect(await edited.git('status', '--porcelain', '--', 'content')).toBe('');
  const file = refusal.slice(0, refusal.indexOf(': '));
  expect(problems().filter((problem) => !problem.startsWith(`error: Error: ${file}: `))).toEqual([]);
}
