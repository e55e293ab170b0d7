/**
 * A Decap entry as the file it would be saved as (editor-site.ts's Entry),
 * and its images as the templates draw them: those the build has not
 * described (a photo uploaded a moment ago) measured in the browser.
 */
import type { Article } from '../src/content/model';
import { ContentError } from '../src/errors';
import { paths } from '../src/paths';
import { publicationStatus } from '../src/content/publishing';
import type { LocalImage } from '../src/images/image-names';
import {
  expectedFormats,
  formatOf,
  isTiff,
  tooManyBytes,
  tooManyPixels,
  unpublishable,
} from '../src/images/source-limits';
import type { EditedFolder } from './collections';
import type { DecapMap } from './decap';
import type { Entry } from './editor-site';
import { withoutFileText } from './file-formats';

/** What the editor needs of a collection to name an entry's file. */
export interface EntryPlace {
  contentDir: string;
  /** A folder collection's folder under the content folder and its files' extension, by collection name ("articles" → "blog", "md"). */
  folders: ReadonlyMap<string, FolderOf>;
  /** Whether a file of that path under the content folder is there already ("blog/local-seo-tips.md"). */
  taken(path: string): boolean;
}

type FolderOf = Pick<EditedFolder, 'folder' | 'extension'>;

export function entryOf(entry: DecapMap, place: EntryPlace): Entry {
  const { contentDir, folders } = place;
  const data = withoutFileText(withoutEmpty(entry.get('data') as DecapMap)).toJS();
  const saved = entry.get('path');
  const folder = folders.get(String(entry.get('collection')));
  // A new entry has no path yet: Decap names its file by its slug (config.ts), with -1, -2… if that name is taken.
  const path =
    typeof saved === 'string' && saved
      ? saved.slice(contentDir.length + 1)
      : newFile(folder!, typeof data.slug === 'string' && data.slug ? data.slug : 'untitled', place.taken);
  if (!path.endsWith('.md')) return { path, data };
  const { body, ...frontMatter } = data;
  return { path, data: frontMatter, body: typeof body === 'string' ? body : '' };
}

/** The name Decap gives a new entry's file: its slug's, or, where a file has that name, the slug's with -1, -2… */
function newFile({ folder, extension }: FolderOf, slug: string, taken: EntryPlace['taken']): string {
  const name = `${folder}/${slug}`;
  let path = `${name}.${extension}`;
  for (let suffix = 1; taken(path); suffix++) path = `${name}-${suffix}.${extension}`;
  return path;
}

/**
 * The entry's data with every field left empty taken out: the build reads a
 * field that is not there as not given, and an empty one as a wrong value.
 * Decap keeps a field emptied in the form as an empty text.
 */
export function withoutEmpty(data: DecapMap): DecapMap {
  let cleaned = data;
  /** Takes out what is empty at `path`; whether it took out the whole value. */
  const visit = (value: unknown, path: (string | number)[]): boolean => {
    if (value === '' || value === null) {
      cleaned = cleaned.deleteIn(path);
      return true;
    }
    // From a list's last entry to its first, so that taking one out leaves the places of those before it.
    if (Array.isArray(value))
      for (let index = value.length - 1; index >= 0; index--) visit(value[index], [...path, index]);
    else if (typeof value === 'object' && value) {
      const fields = Object.entries(value);
      const emptied = fields.map(([key, item]) => visit(item, [...path, key])).every(Boolean);
      // A group whose every field was emptied (a job's salary) goes too: the build reads it as one missing its fields.
      if (fields.length > 0 && emptied) {
        cleaned = cleaned.deleteIn(path);
        return true;
      }
    }
    return false;
  };
  for (const [key, value] of Object.entries(data.toJS())) visit(value, [key]);
  return cleaned;
}

/** Every image src of content/images/ an entry names. */
export function localImagesOf(entry: Entry): string[] {
  const found = new Set<string>();
  const visit = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith('images/')) found.add(value);
    else if (typeof value === 'object' && value) Object.values(value).forEach(visit);
  };
  visit(entry.data);
  return [...found];
}

const sizes = new Map<string, Promise<{ width: number; height: number } | undefined>>();
const measured = new Map<string, { width: number; height: number }>();
/** The files the browser could not decode: measured once, as the others. */
const unreadable = new Set<string>();

/** The size of the image at `url` (a blob: URL Decap made of a file), once the browser has decoded it. */
export function measure(url: string): Promise<{ width: number; height: number } | undefined> {
  let size = sizes.get(url);
  if (!size) {
    size = new Promise((resolve) => {
      const image = new Image();
      image.onload = () => {
        const found = { width: image.naturalWidth, height: image.naturalHeight };
        measured.set(url, found);
        resolve(found);
      };
      image.onerror = () => {
        // A TIFF, which the build takes and no browser draws, is measured by its own header.
        void tiffSize(url)
          .catch(() => undefined)
          .then((found) => {
            if (found) measured.set(url, found);
            else unreadable.add(url);
            resolve(found);
          });
      };
      image.src = url;
    });
    sizes.set(url, size);
  }
  return size;
}

/**
 * The size of a TIFF at `url`, a photo added in the editor (a blob: URL), as its first directory gives it (ImageWidth,
 * ImageLength); undefined for a file that is no TIFF, or one cut short.
 */
async function tiffSize(url: string): Promise<{ width: number; height: number } | undefined> {
  const blob = url.startsWith('blob:') ? await fetch(url).then((response) => response.blob()) : undefined;
  const view = blob && new DataView(await blob.arrayBuffer());
  if (!view || !isTiff(new Uint8Array(view.buffer, 0, Math.min(4, view.byteLength)))) return undefined;
  const little = view.getUint8(0) === 0x49;
  const tags = new Map<number, number>();
  try {
    const directory = view.getUint32(4, little);
    for (let entry = 0; entry < view.getUint16(directory, little); entry++) {
      const at = directory + 2 + entry * 12;
      // Each a SHORT (type 3) or a LONG, its value in the entry itself.
      const short = view.getUint16(at + 2, little) === 3;
      tags.set(view.getUint16(at, little), short ? view.getUint16(at + 8, little) : view.getUint32(at + 8, little));
    }
  } catch {
    return undefined;
  }
  const [width, height] = [tags.get(256), tags.get(257)];
  return width && height ? { width, height } : undefined;
}

/**
 * The images an entry names that the build has not described, as the
 * templates draw them: every rendition is the file itself (the browser
 * reads it whatever format a <source> says). Those not measured yet are
 * left out, and `onMeasured` is called once they are; those the browser
 * cannot decode are left out, and not measured again (each redraw would),
 * but for a TIFF, which the build takes, measured by its header.
 */
export function describeImages(
  srcs: readonly string[],
  urlOf: (src: string) => string | undefined,
  onMeasured?: () => void,
): Map<string, LocalImage> {
  const images = new Map<string, LocalImage>();
  for (const src of srcs) {
    const url = urlOf(src);
    if (!url || !/^(?:blob|data|https?):/.test(url)) continue;
    const size = measured.get(url);
    if (size) images.set(src, { ...size, url: `${url}#{width}.{format}`, fallback: 'jpg' });
    else if (!unreadable.has(url)) void measure(url).then(() => onMeasured?.());
  }
  return images;
}

/**
 * Why the build would refuse a photo added in the editor, in its words, or
 * undefined: over the source limits (source-limits.ts), or one the browser
 * could not draw (`measured` undefined) in a format the site cannot publish,
 * told by its first bytes (`start`). A TIFF, which the build takes and a
 * browser cannot draw, is let through.
 */
export function photoRefusal(photo: {
  bytes: number;
  measured: { width: number; height: number } | undefined;
  start: Uint8Array;
}): string | undefined {
  const { bytes, measured, start } = photo;
  const tooLarge = tooManyBytes(bytes);
  if (tooLarge) return tooLarge;
  if (measured) return tooManyPixels(measured.width, measured.height);
  const format = formatOf(start);
  if (format) return unpublishable(format);
  return isTiff(start) ? undefined : `is not an image: ${expectedFormats}`;
}

/**
 * The live address, an article's slug or one of its aliases, that a save of `data` would take off the site, if any: a
 * URL that was live never vanishes silently (DECISIONS), so a new slug keeps the old one among the aliases.
 */
export function lostAddress(
  live: Article | undefined,
  data: { slug?: unknown; aliases?: unknown },
  today: string,
): string | undefined {
  if (!live?.slug || publicationStatus(live, today) !== 'published') return undefined;
  const kept = Array.isArray(data.aliases) ? data.aliases : [];
  return [live.slug, ...(live.aliases ?? [])].find((old) => old !== data.slug && !kept.includes(old));
}

/** The field whose new value would take a live article off the site, if one would: Draft ticked, or a day to come. */
export function unpublishingField(live: Article | undefined, data: { draft?: unknown; date?: unknown }, today: string) {
  if (!live || publicationStatus(live, today) !== 'published') return undefined;
  if (data.draft === true) return 'draft';
  return typeof data.date === 'string' && data.date > today ? 'date' : undefined;
}

/** A page an address is checked against: an article, or a trade (its title its name). */
export type AddressedPage = Pick<Article, 'file' | 'slug' | 'title' | 'aliases'>;

/**
 * Another page's slug, or an article's old slug, given to this one (`file`; undefined while it is new, its file not
 * named yet; `kind` says what it is, an article unless told): each page needs its own address, and an old one
 * redirects to its article. Named as the marketer sees it, the slug typed and the page that has it, rather than the
 * build's words of a file name Decap would choose (a "-1" after it).
 */
export function slugRefusal(
  pages: readonly AddressedPage[],
  place: { folder: string; file?: string; kind?: 'article' | 'trade' },
  slug: unknown,
) {
  const others = pages.filter((page) => page.file !== place.file);
  const [taken, moved] = [
    others.find((page) => page.slug === slug),
    others.find((page) => page.aliases?.includes(slug as string)),
  ];
  const file = place.file ?? `${place.folder} (a new ${place.kind ?? 'article'})`;
  // A trade's slug is a field of its JSON; an article's, of its front matter.
  const field = place.kind === 'trade' ? 'slug' : 'front matter: slug';
  if (taken)
    return new ContentError(
      file,
      field,
      `"${String(slug)}" is already the slug of ${taken.file} ("${taken.title}"): each page needs its own`,
    );
  if (!moved) return undefined;
  const problem = `"${String(slug)}" is an old slug of ${moved.file} ("${moved.title}"): its old address, ${paths.article(String(slug))}, sends visitors on to that article, so it cannot be this one's: choose another slug`;
  return new ContentError(file, field, problem);
}
