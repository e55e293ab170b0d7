/**
 * The content editor at /admin: Decap CMS with a form for every file the
 * marketers change, made from the build's content schemas (config.ts); an
 * entry checked by the build's own rules before it is saved, and refused in
 * the build's words; and a preview of its page as the site draws it
 * (editor-site.ts). React reaches this page only: Decap brings its own, and
 * the previews render the site's templates with React's renderer.
 */
import type { EditorContent } from '../src/admin/editor-content';
import type { EditorSettings } from '../src/admin/editor-page';
import { articles, fieldLabels, fileCollections, legalPages, servicePageFiles, trades } from './collections';
import { decapConfig } from './config';
import { loadDecap, type DecapEvent, type DecapMap } from './decap';
import { EditorSite, type Entry } from './editor-site';
import {
  describeImages,
  entryOf,
  localImagesOf,
  lostAddress,
  slugRefusal,
  type AddressedPage,
  measure,
  unpublishingField,
  photoRefusal,
  withoutEmpty,
  type EntryPlace,
} from './entry';
import { fileTextOf, jsonFormat, markdownFormat } from './file-formats';
import { formMessage } from './form-words';
import { askBackend, holdLocalToken } from './local-token';
import { previewTemplate } from './preview';
import { slugForm } from '../src/content/schemas/shared';
import { ContentError } from '../src/errors';
import { paths } from '../src/paths';
import { liveArticleStays } from '../src/content/publishing';
import { renditionUrl } from '../src/images/image-names';

const settings = JSON.parse(document.getElementById('sitegen-editor')!.textContent!) as EditorSettings;
// Without this run's token the page says what to open instead, and nothing else loads.
if (settings.backend.name === 'local' && !(await holdLocalToken(settings.backend))) await new Promise(() => {});

async function fetchContent(): Promise<EditorContent> {
  const response = await fetch(settings.content, { cache: 'no-store' });
  if (!response.ok) throw new Error(`the site's content could not be read (${settings.content}: ${response.status})`);
  return (await response.json()) as EditorContent;
}

const [content, decap] = await Promise.all([fetchContent(), loadDecap(settings.decap)]);
const site = new EditorSite(content);
const model = site.model();
const place: EntryPlace = {
  contentDir: site.contentDir,
  folders: new Map([articles, legalPages, trades].map((folder) => [folder.name, folder])),
  taken: (path) => site.hasFile(path),
};

// sitegen dev: a file saved here (or anywhere) changes the site the next entries are checked and previewed against.
if (settings.events) {
  new EventSource(settings.events).addEventListener('reload', () => {
    fetchContent().then((fresh) => site.update(fresh), console.error);
  });
}

const folders = [articles, legalPages, trades];
const files = [
  ...fileCollections.flatMap((collection) => collection.files),
  ...servicePageFiles(model, site.servicePages),
];

/** The page an entry is previewed on: an article's or legal page's own, or the page that shows a file's words. */
function pageOf(entry: Entry): string | undefined {
  const folder = folders.find((candidate) => entry.path.startsWith(`${candidate.folder}/`));
  if (folder) return folder.preview(entry.data);
  return files.find((file) => file.path === entry.path)?.preview(site.model());
}

const config = decapConfig({
  model,
  servicePages: site.servicePages,
  backend: settings.backend,
  siteUrl: location.origin,
  logo: model.site.logo.local && renditionUrl(model.site.logo.local, 180, 'png'),
  // Decap's own {{now}} is the day in UTC, the day before London's for an hour after midnight in summer.
  today: site.today(),
});
/** A refusal in the words of the form the marketer sees. */
const say = (error: unknown) => formMessage(error, config.collections);

const { CMS } = decap;
for (const format of [jsonFormat, markdownFormat]) CMS.registerCustomFormat(format.name, format.extension, format);
CMS.registerPreviewStyle(content.stylesheet);
for (const { name } of [...folders, ...files])
  CMS.registerPreviewTemplate(name, previewTemplate(decap, site, place, { pageOf, say, refuse: requireOwnAddress }));

CMS.registerEventListener({
  name: 'preSave',
  handler: ({ entry }: DecapEvent) => checkBeforeSave(entry).catch((error: unknown) => Promise.reject(refusal(error))),
});

// Decap tells of a save or delete it could not make (one refused above, or by the local backend) in its notification,
// then rejects the promise with its failure action, which none of its own code awaits: marked handled here, so that a
// refusal is no uncaught error. Firefox logs it all the same ("uncaught exception: Object"), as it ignores the mark
// (https://bugzilla.mozilla.org/show_bug.cgi?id=1642147): a line in its console, and nothing more.
const failures = ['ENTRY_PERSIST_FAILURE', 'ENTRY_DELETE_FAILURE'];
addEventListener('unhandledrejection', (event) => {
  if (failures.includes((event.reason as { type?: unknown } | null)?.type as string)) event.preventDefault();
});

CMS.registerEventListener({
  name: 'postSave',
  handler: ({ entry }: DecapEvent) => {
    site.remember(entryOf(entry, place));
    const path = entry.get('path');
    // A new entry has no path here: its next save starts from its file, read again at its new address.
    if (typeof path !== 'string' || !path) return;
    savedHere.set(
      path,
      textNow(path).catch(() => undefined),
    );
  },
});

decap.init({ config });

/**
 * A new article, legal page or trade is named by its slug: without one it would have no file name and no address. Nor
 * may an article or a trade take another's slug, nor an article another's old slug, whose address redirects to it.
 */
function requireSlug(entry: DecapEvent['entry'], edited: Entry): void {
  const folder = place.folders.get(String(entry.get('collection')));
  if (!folder) return;
  const file = `${site.contentDir}/${edited.path}`;
  if (!edited.data.slug) {
    const problem = `is missing: expected ${slugForm}, which names the file and the page's address`;
    throw new ContentError(file, edited.path.endsWith('.md') ? 'front matter: slug' : 'slug', problem);
  }
  const saved = typeof entry.get('path') === 'string' && entry.get('path') ? file : undefined;
  // An article's or a trade's: a legal page's address is another folder's, which an article's old one cannot be.
  const kind = entry.get('collection') === trades.name ? 'trade' : 'article';
  if (kind === 'article' && entry.get('collection') !== articles.name) return;
  const pages = kind === 'trade' ? site.model().trades.map(addressOfTrade) : site.model().articles;
  const taken = slugRefusal(
    pages,
    { folder: `${site.contentDir}/${folder.folder}`, file: saved, kind },
    edited.data.slug,
  );
  if (taken) throw taken;
}

/** A trade as a page an address is checked against: its file is named by its slug (the build's rule). */
function addressOfTrade(trade: { slug: string; name: string }): AddressedPage {
  return { file: `${site.contentDir}/${trades.folder}/${trade.slug}.json`, slug: trade.slug, title: trade.name };
}

/**
 * A live article's old address goes only by a change of its own: its new slug must keep the old one among its aliases,
 * which redirect to the new one, and an alias it has stays (DECISIONS: a URL that was live never vanishes silently).
 * Nor does a live article go back to a draft or to a day to come: only a developer's redirect takes it off the site.
 */
function requireOldAddress(edited: Entry): void {
  const file = `${site.contentDir}/${edited.path}`;
  const live = site.model().articles.find((article) => article.file === file);
  const unpublishing = unpublishingField(live, edited.data, site.today());
  if (live?.slug && unpublishing) {
    const change = unpublishing === 'draft' ? 'ticked, it' : `"${String(edited.data.date)}" is a day to come: it`;
    const problem = `${change} would take a live article off the site, ${paths.article(live.slug)}: ${liveArticleStays}`;
    throw new ContentError(file, `front matter: ${unpublishing}`, problem);
  }
  const lost = lostAddress(live, edited.data, site.today());
  if (lost === undefined) return;
  const problem = `takes a live address off the site, ${paths.article(lost)}: keep "${lost}" in ${fieldLabels.aliases}, so that its visitors are sent on to this article${lost === live?.slug ? ', or keep the slug' : ''}`;
  throw new ContentError(file, lost === live?.slug ? 'front matter: slug' : 'front matter: aliases', problem);
}

/** The entry's address its own, none live lost: checked before the build's rules, by the save and the preview alike. */
function requireOwnAddress(entry: DecapEvent['entry'], edited: Entry): void {
  requireSlug(entry, edited);
  requireOldAddress(edited);
  requireLegalAddress(edited);
}

/** A legal page has no old slugs: its address changes only with its file's name, and a developer's redirect. */
function requireLegalAddress(edited: Entry): void {
  const file = `${site.contentDir}/${edited.path}`;
  const live = site.model().legalPages.find((page) => page.file === file);
  if (!live || edited.data.slug === live.slug) return;
  const problem = `takes a live address off the site, ${paths.legal(live.slug)}: keep the slug "${live.slug}" (a legal page's address changes only with a redirect from it, which a developer adds to content/redirects.json)`;
  throw new ContentError(file, 'front matter: slug', problem);
}

/** A file's text now, in sitegen dev (whose backend the editor may ask); undefined elsewhere. */
async function textNow(path: string): Promise<string | undefined> {
  if (settings.backend.name !== 'local') return undefined;
  const response = await askBackend(settings.backend, 'getEntry', { path });
  const { data } = response.ok ? ((await response.json()) as { data?: unknown }) : {};
  return typeof data === 'string' ? data : undefined;
}

/** Each file's text as this tab last saved it: an entry's data keeps the text it was first read with. */
const savedHere = new Map<string, Promise<string | undefined>>();

/**
 * A file changed since this tab read it (saved from another tab, or by another program) would lose that change to this
 * save, which writes this tab's fields over it.
 */
async function requireUnchanged(entry: DecapEvent['entry']): Promise<void> {
  const [path, read] = [entry.get('path'), fileTextOf(entry.get('data') as DecapMap)];
  // A new entry has no file yet, though a duplicate carries the text of the file it was copied from.
  if (typeof path !== 'string' || !path || read === undefined) return;
  const now = await textNow(path);
  if (now === undefined || now === read || now === (await savedHere.get(path))) return;
  const problem = `changed since this page opened it (in another tab, or another program), and saving would undo that change: copy what you typed, reload the page (declining the local backup it offers), and make your change again`;
  throw new ContentError(path, '', problem);
}

/** The entry as it will be saved, once the build's rules accept it; throws their refusal. */
async function checkBeforeSave(entry: DecapEvent['entry']) {
  const edited = entryOf(entry, place);
  requireOwnAddress(entry, edited);
  await requireUnchanged(entry);
  // The photos added to this entry, not saved yet: measured, to check they are images the build takes, as wide as the
  // pages draw them. Decap keeps one swapped for another among them, which the local backend does not write: not checked.
  const named = localImagesOf(edited);
  const src = (file: MediaFile) => file.path.slice(site.contentDir.length + 1);
  const drafts = (entry.get('mediaFiles') as { toJS(): MediaFile[] } | undefined)?.toJS() ?? [];
  const urls = new Map(drafts.map((file) => [src(file), file.url]));
  await Promise.all([...urls.values()].map((url) => url && measure(url)));
  for (const file of drafts)
    if (file.draft && file.file && named.includes(src(file))) await refuseUnpublishable(file, file.file);
  const images = describeImages(named, (path) => urls.get(path));
  const path = pageOf(edited);
  // Throwing stops the save: Decap shows the message and writes nothing. The page is drawn for its images' widths.
  if (path) site.preview(edited, path, images, true);
  else site.check(edited, images, true);
  return withoutEmpty(entry.get('data') as never);
}

interface MediaFile {
  /** From the project's root: "content/images/van.jpg". */
  path: string;
  url?: string;
  /** Added in this entry, to be written with it: its bytes in `file`. */
  draft?: boolean;
  file?: Blob;
}

/** A photo added to the entry that the build would refuse, refused before it is written, in its words. */
async function refuseUnpublishable(file: MediaFile, bytes: Blob): Promise<void> {
  const measured = file.url ? await measure(file.url) : undefined;
  const start = new Uint8Array(await bytes.slice(0, 16).arrayBuffer());
  const problem = photoRefusal({ bytes: bytes.size, measured, start });
  if (problem) throw new ContentError(file.path, '', problem);
}

/**
 * A refusal as Decap's notification shows it: "Failed to persist entry:"
 * and the error as text, which is the build's message alone once the error
 * has no name to go before it.
 */
function refusal(error: unknown): Error {
  const refused = new Error(say(error), { cause: error });
  refused.name = '';
  return refused;
}
