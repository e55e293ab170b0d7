/**
 * The editor at /admin as a marketer works it, in Chromium: opened and
 * signed in once for a test file, each test going to its own entry from
 * the editor's home, a field found by its label, an article written, a
 * photo chosen on the computer, an entry published, and the message Decap
 * shows after a save. And the project it edits: a copy under git, its
 * content put back as the repository has it before each test, the editor
 * told of it.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from 'playwright-core';
import { startDevServer, type DevServer } from '../../../src/dev/dev-server';
import { copyProject, type ProjectCopy } from '../../support/project-copy';
import { openPage, wide } from './browser';

/** Decap's questions before it leaves an entry with changes not saved, and before it deletes one: a marketer says yes. */
const answeredYes = [
  'Are you sure you want to leave this page?',
  'Are you sure you want to delete this published entry?',
];

export interface Editor {
  page: Page;
  /**
   * Goes to `route` (the editor's hash route: its home, or an entry or a new one in a collection) in the same page, as
   * a marketer goes from one entry to another: by the collection's list, where Decap loads its entries, and the link
   * there. With the console errors and page errors seen from then on.
   */
  at(route: string): Promise<{ page: Page; problems: () => string[] }>;
  /** Opens the editor again, at its home, as a marketer's reload does: Decap lists a collection's files once a page. */
  reload(): Promise<void>;
}

/**
 * The editor of the dev server at `url`, opened at the address it printed (`editorUrl`) and signed in to the local backend (Decap's "Login" for it asks nothing): one
 * page for a test file, as Decap's script is some 5 MB for the browser to compile. Fails with what the page showed if
 * it logged an error while it opened.
 */
export async function openEditor({ url: devUrl, editorUrl }: { url: string; editorUrl: string }): Promise<Editor> {
  const { page, problems } = await openPage(wide);
  // A step that cannot happen fails at once, naming itself, well within the test's time.
  page.setDefaultTimeout(30_000);
  // What a test left unsaved (a save refused) is left behind for the next test's entry; no backup of it is restored.
  page.on('dialog', (dialog) => void (answeredYes.includes(dialog.message()) ? dialog.accept() : dialog.dismiss()));
  // On a busy machine (CI's whole suite at once, on a slow day) compiling and starting Decap can take longer than a step.
  await page.goto(`${editorUrl}#/`, { timeout: 60_000 });
  await page.getByRole('button', { name: 'Login' }).click({ timeout: 60_000 });
  const home = page.getByRole('link', { name: 'Articles', exact: true });
  await home.waitFor({ timeout: 60_000 });
  if (problems.length > 0) throw new Error(`the editor opened with problems:\n${problems.join('\n')}`);
  return {
    page,
    at: async (route) => {
      const from = problems.length;
      const collection = /^\/collections\/[^/]+/.exec(route)?.[0];
      // Straight from another entry's form to one of a collection it has not listed yet, Decap fails on an entry it lacks.
      await page.goto(`${devUrl}/admin/#${collection ?? '/'}`);
      if (collection && route !== collection) {
        // Listed, then opened by its address: a list Decap draws again and again (the whole suite's load) can detach a link under a click.
        await page.locator(`a[href="#${route}"]`).first().waitFor({ state: 'attached' });
        await page.goto(`${devUrl}/admin/#${route}`);
      } else await home.waitFor();
      return { page, problems: () => problems.slice(from) };
    },
    reload: async () => {
      // Waited for until Decap has started: it reads the address once as it loads, and a route asked for before it
      // listens (while the editor fetches the site's content) would go unseen, the page left as it was.
      await page.goto(`${devUrl}/admin/#/`);
      await page.reload();
      await home.waitFor();
    },
  };
}

/**
 * A field of the form (or of a part of it) by its label as the editor shows it. Decap marks every field "(optional)", as it checks none
 * itself (the build's rules do), and the editor hides its mark: a label's text still has it.
 */
export function field(page: Page | Locator, label: string) {
  const escaped = label.replace(/[()]/g, '\\$&');
  return page.getByLabel(new RegExp(`^${escaped}( \\(optional\\))*$`));
}

/** Decap's "Publish now": with the local backend, the entry's file (and its new photos) written to the working tree. */
export async function publish(page: Page) {
  // The message after this save is the only one not yet read: any other has gone (Decap's go by themselves).
  await unread(page).first().waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Publish now', { exact: true }).click();
}

/** Decap's notifications not yet read by notification(): one read is marked, as it takes a moment to slide away. */
const unread = (page: Page) => page.locator('.Toastify__toast:not([data-read])');

/** The message Decap shows in its notification after a save: "Entry saved", or why it was not. Closed once read. */
export async function notification(page: Page): Promise<string> {
  const toast = unread(page).last();
  await toast.waitFor();
  // Read, marked and closed at once, by its close button: it slides in, and closes by itself after a few seconds.
  return toast.evaluate((element: HTMLElement) => {
    element.dataset.read = '';
    element.querySelector('button')?.click();
    return element.innerText.trim();
  });
}

/** The article's photo, chosen on the computer (Decap's media library, "Upload"): `photo` as a phone takes it. */
export async function uploadPhoto(page: Page, file: { name: string; photo: Buffer }) {
  await page.getByRole('button', { name: 'Choose an image' }).first().click();
  await page.locator('input[type=file]').setInputFiles({ name: file.name, mimeType: 'image/jpeg', buffer: file.photo });
  await page.getByRole('button', { name: 'Choose selected' }).click();
}

/** A new testimonial at the end of the list, its words filled in, its two photos still to choose. */
export async function addTestimonial(page: Page) {
  await page.getByRole('button', { name: /^Add testimonial$/ }).click();
  const last = (label: string) => field(page, label).last();
  await last('Name').fill('Gary Hughes');
  await last('Business').fill('Hughes Roofing');
  await last('Location').fill('Ilkeston, Derbyshire');
  await last('Rating').fill('5');
  await last('Text').fill('Our phone has not stopped since the new site went live: three new roofs booked in a month.');
}

/**
 * The new testimonial's photos, its Image's and its Business image's: each part opened, as the logo's is, a photo
 * chosen on the computer, then both described.
 */
export async function chooseTestimonialPhotos(
  page: Page,
  photos: readonly { name: string; photo: Buffer; alt: string }[],
) {
  for (const [index, part] of ['Image', 'Business image'].entries()) {
    const { name, photo } = photos[index]!;
    await page.getByText(part, { exact: true }).last().locator('..').getByRole('button', { name: 'Expand' }).click();
    await page.getByRole('button', { name: 'Choose an image' }).last().click();
    await page.locator('input[type=file]').setInputFiles({ name, mimeType: 'image/jpeg', buffer: photo });
    await page.getByRole('button', { name: 'Choose selected' }).click();
  }
  const descriptions = field(page, 'Description (for people who cannot see it)');
  const count = await descriptions.count();
  await descriptions.nth(count - 2).fill(photos[0]!.alt);
  await descriptions.nth(count - 1).fill(photos[1]!.alt);
}

/** Fills every field an article needs, with `changes` in place of the usual values. */
export async function writeArticle(page: Page, changes: { title?: string; readTime?: string; slug: string }) {
  await field(page, 'Title').fill(changes.title ?? 'Van Signs That Win Work');
  await field(page, 'Slug (its address)').fill(changes.slug);
  await field(page, 'Excerpt').fill('What to put on your van so that the people behind it call you.');
  await field(page, 'Description').fill(
    "What to put on a tradesperson's van so that the people who see it call: the name, the trade, a number.",
  );
  await page.getByRole('button', { name: /^Add keyword$/ }).click();
  await field(page, 'Keyword').fill('van signs');
  await field(page, 'Read time (minutes)').fill(changes.readTime ?? '7');
  await field(page, 'Category').click();
  await page.getByRole('option', { name: 'Web Design', exact: true }).click();
  await field(page, 'Image description (for people who cannot see it)').fill(
    "A white van with the firm's name and number on its side",
  );
  await page.locator('[data-slate-editor="true"]').click();
  await page.keyboard.insertText('Your van is seen by more people in a week than your website is in a month.');
}

const run = promisify(execFile);

/** A copy of the project with the dev server in it and the editor open on it, its content/ under git. */
export interface EditedProject {
  project: ProjectCopy;
  dev: DevServer;
  editor: Editor;
  /** What sitegen dev printed. */
  lines: string[];
  /** git in the copy, as the agency's reviewer runs it. */
  git(...args: string[]): Promise<string>;
  /**
   * Puts content/ back as committed, whatever a test wrote or left, and waits until the editor has it: the dev server
   * rebuilds and tells the editor, which fetches content.json (what entries are previewed and checked against) again,
   * until it is what the dev server served of the committed content. Decap reads an entry from the backend each time
   * its form opens: its forms need nothing more.
   */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A copy of the project, its content/ as `prepare` leaves it committed as the marketer finds it, `sitegen dev` in it
 * (its local backend writing the copy's content/), and the editor opened on it.
 */
export async function openEditedProject(prepare: (content: string) => Promise<void>): Promise<EditedProject> {
  const project = await copyProject();
  const identity = ['-c', 'user.name=Marketer', '-c', 'user.email=marketer@example.com', '-c', 'commit.gpgsign=false'];
  const git = async (...args: string[]) => (await run('git', [...identity, ...args], { cwd: project.dir })).stdout;
  await prepare(join(project.dir, 'content'));
  await git('init', '--quiet');
  await git('add', 'content');
  await git('commit', '--quiet', '-m', 'The site as the marketer finds it');
  const lines: string[] = [];
  const options = { root: project.dir, port: 0, host: '127.0.0.1', leadsDir: null };
  const dev = await startDevServer({ ...options, log: (line) => lines.push(line) });
  const close = async () => {
    await dev.close();
    await project.remove();
  };
  const editor = await openEditor(dev).catch(async (error: unknown) => {
    await close();
    throw error;
  });
  const committed = await (await fetch(`${dev.url}/admin/content.json`)).text();
  const restore = async () => {
    if ((await git('status', '--porcelain', '--', 'content')) === '') return;
    const restored = editor.page.waitForResponse(
      async (response) => response.url() === `${dev.url}/admin/content.json` && (await response.text()) === committed,
    );
    await git('reset', '--hard', '--quiet');
    await git('clean', '-d', '--force', '--quiet', '--', 'content');
    await restored;
  };
  return { project, dev, editor, lines, git, restore, close };
}
