/**
 * The images content names from content/images/: found where content is read (with the file and field that name each,
 * for messages), and, once each file is described (source-images.ts), the model again with every such image carrying
 * its descriptor, so that whatever template draws it is handed what it needs and nothing else.
 */
import type { Article, Image } from '../content/model';
import type { LocalImage } from './image-names';

export interface ImageRef {
  /** As content writes it: "images/team/sarah.jpg". */
  src: string;
  file: string;
  field: string;
}

/** An image's src that names a file of content/images/ (the schemas allow only those and stock photos). */
const isLocalSrc = (src: string): boolean => src.startsWith('images/');

const isImage = (value: object): value is Image =>
  typeof (value as Image).src === 'string' && typeof (value as Image).alt === 'string';

export function localImageRefs(value: unknown, file: string): ImageRef[] {
  const refs: ImageRef[] = [];
  const visit = (item: unknown, at: string) => {
    if (typeof item !== 'object' || item === null) return;
    if (Array.isArray(item)) item.forEach((entry, index) => visit(entry, `${at}[${index}]`));
    else if (isImage(item)) {
      if (isLocalSrc(item.src)) refs.push({ src: item.src, file, field: `${at ? `${at}.` : ''}src` });
    } else for (const [key, entry] of Object.entries(item)) visit(entry, at ? `${at}.${key}` : key);
  };
  visit(value, '');
  return refs;
}

/**
 * Gives every image of content/images/ in a value its descriptor. What holds none is returned as it is, and what was
 * resolved against the same descriptors is resolved once: an unchanged article, say, stays the same object from one
 * update of the dev server to the next, and so does its route.
 */
export class ImageResolver {
  private resolved = new WeakMap<object, unknown>();
  private descriptors?: ReadonlyMap<string, LocalImage>;

  resolve<T>(value: T, descriptors: ReadonlyMap<string, LocalImage>): T {
    if (descriptors !== this.descriptors) {
      this.descriptors = descriptors;
      this.resolved = new WeakMap();
    }
    return this.visit(value);
  }

  private visit<T>(value: T): T {
    if (typeof value !== 'object' || value === null) return value;
    const known = this.resolved.get(value);
    if (known !== undefined) return known as T;
    const result = this.resolveObject(value);
    this.resolved.set(value, result);
    return result;
  }

  private resolveObject<T extends object>(value: T): T {
    if (!Array.isArray(value) && isImage(value)) {
      const local = isLocalSrc(value.src) ? this.descriptors!.get(value.src) : undefined;
      // Described from the same references this value holds: a file not described would have stopped the build.
      if (isLocalSrc(value.src) && !local) throw new Error(`${value.src} was not described`);
      return (local && value.local !== local ? Object.freeze({ ...value, local }) : value) as T;
    }
    // Copied only where an image below changed: most of a large blog's model holds none, and is walked without a copy.
    const fields = value as Record<string, unknown>;
    let copy: Record<string, unknown> | undefined;
    for (const key of Object.keys(fields)) {
      const next = this.visit(fields[key]);
      if (next !== fields[key]) (copy ??= Object.assign(Array.isArray(fields) ? [] : {}, fields))[key] = next;
    }
    return copy ? (Object.freeze(copy) as T) : value;
  }
}

export const articleImageRefs = (article: Article): ImageRef[] =>
  (['image', 'socialImage'] as const).flatMap((key) => {
    const src = article[key]?.src;
    return src && isLocalSrc(src) ? [{ src, file: article.file, field: `front matter: ${key}` }] : [];
  });
