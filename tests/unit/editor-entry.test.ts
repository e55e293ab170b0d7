/**
 * A Decap entry as the file it is saved as (admin/entry.ts): what a
 * marketer emptied in the form is not written, and a new entry's file is
 * named as Decap names it. Decap holds an entry as an Immutable map; a map
 * of plain objects with the same three methods stands in for it.
 */
import { describe, expect, it } from 'vitest';
import type { DecapMap } from '../../admin/decap';
import { articles, trades } from '../../admin/collections';
import { entryOf, lostAddress, slugRefusal, photoRefusal, unpublishingField, withoutEmpty } from '../../admin/entry';
import type { Article } from '../../src/content/model';

function decapMap(value: Record<string, unknown>): DecapMap {
  const getIn = (path: readonly (string | number)[]) =>
    path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], value);
  return {
    get: (key) => {
      const field = value[key];
      return typeof field === 'object' && field !== null && !Array.isArray(field)
        ? decapMap(field as Record<string, unknown>)
        : field;
    },
    getIn,
    deleteIn(path) {
      const copy = structuredClone(value);
      const parent = path
        .slice(0, -1)
        .reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], copy);
      if (Array.isArray(parent)) parent.splice(Number(path.at(-1)), 1);
      else delete (parent as Record<string, unknown>)[String(path.at(-1))];
      return decapMap(copy);
    },
    toJS: () => structuredClone(value),
  };
}

describe('an entry as it is saved', () => {
  it('leaves out what was emptied: a field, and a group whose every field was emptied (a job’s salary)', () => {
    const job = { title: 'Account Manager', location: '', salary: { currency: '', min: null, max: '', per: '' } };
    expect(withoutEmpty(decapMap({ jobs: [job] })).toJS()).toEqual({ jobs: [{ title: 'Account Manager' }] });
    const kept = { ...job, salary: { currency: 'GBP', min: 30000, max: '', per: 'YEAR' } };
    expect(withoutEmpty(decapMap({ jobs: [kept] })).toJS()).toEqual({
      jobs: [{ title: 'Account Manager', salary: { currency: 'GBP', min: 30000, per: 'YEAR' } }],
    });
  });

  it('names a new article’s or trade’s file by its slug, with -1, -2… after a name another file has, as Decap does', () => {
    const taken = new Set(['blog/social-media-guide.md', 'blog/social-media-guide-1.md', 'trades/plumber.json']);
    const place = {
      contentDir: 'content',
      folders: new Map([articles, trades].map((folder) => [folder.name, folder])),
      taken: (path: string) => taken.has(path),
    };
    const entry = (slug: string) => decapMap({ collection: 'articles', path: '', data: { slug, body: 'Text.' } });
    expect(entryOf(entry('van-signs'), place).path).toBe('blog/van-signs.md');
    expect(entryOf(entry('social-media-guide'), place).path).toBe('blog/social-media-guide-2.md');
    const trade = (slug: string) => decapMap({ collection: 'trades', path: '', data: { slug, name: 'Glazier' } });
    expect(entryOf(trade('glazier'), place)).toEqual({
      path: 'trades/glazier.json',
      data: { slug: 'glazier', name: 'Glazier' },
    });
    expect(entryOf(trade('plumber'), place).path).toBe('trades/plumber-1.json');
  });
});

describe('a photo added in the editor (photoRefusal), held to the build’s rules before it is saved', () => {
  const start = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
  const jpeg = start('\u00ff\u00d8\u00ff\u00e0');
  const drawn = (width: number, height: number) => ({ width, height });

  it('refuses one over 25 MB or over 40 megapixels, in the build’s words, and takes one within both', () => {
    expect(photoRefusal({ bytes: 26 * 1024 * 1024, measured: drawn(2400, 1600), start: jpeg })).toBe(
      'is 26.0 MB: expected at most 25 MB (export the photo as a JPEG of at most 40 megapixels)',
    );
    expect(photoRefusal({ bytes: 300_000, measured: drawn(8000, 6000), start: jpeg })).toBe(
      'is 8,000 × 6,000 pixels (48.0 megapixels): expected at most 40 megapixels, more than any page needs (export it smaller)',
    );
    expect(photoRefusal({ bytes: 25 * 1024 * 1024, measured: drawn(8000, 5000), start: jpeg })).toBeUndefined();
  });

  it('refuses one the browser cannot draw by what its first bytes say it is, but takes a TIFF, which the build takes', () => {
    const undrawn = (text: string) => photoRefusal({ bytes: 2048, measured: undefined, start: start(text) });
    expect(undrawn('\u0000\u0000\u0000\u0018ftypheic')).toBe(
      'is in HEIC format, which the site cannot publish: expected a JPEG, PNG, WebP, AVIF, GIF or TIFF file (export it as JPEG, or PNG for a logo)',
    );
    expect(undrawn('BM6\u0000')).toMatch(/^is in BMP format/);
    expect(undrawn('Boiler service £89')).toBe('is not an image: expected a JPEG, PNG, WebP, AVIF, GIF or TIFF file');
    expect(undrawn('II*\u0000')).toBeUndefined();
    expect(undrawn('MM\u0000*')).toBeUndefined();
  });
});

describe('a live article’s addresses (lostAddress)', () => {
  const live = { slug: 'van-signs', aliases: ['van-lettering'], date: '2026-01-05' } as Article;
  const today = '2026-06-01';

  it('keeps its slug and every alias: a new slug must keep the old one among the aliases, and an alias stays', () => {
    expect(lostAddress(live, { slug: 'van-signs', aliases: ['van-lettering'] }, today)).toBeUndefined();
    expect(lostAddress(live, { slug: 'van-signwriting', aliases: ['van-lettering'] }, today)).toBe('van-signs');
    expect(
      lostAddress(live, { slug: 'van-signwriting', aliases: ['van-lettering', 'van-signs'] }, today),
    ).toBeUndefined();
    expect(lostAddress(live, { slug: 'van-signs' }, today)).toBe('van-lettering');
    // Back to an old slug: its address is the article's own again.
    expect(lostAddress(live, { slug: 'van-lettering', aliases: ['van-signs'] }, today)).toBeUndefined();
  });

  it('leaves a draft, a scheduled article and a new one free: none has a live address', () => {
    for (const unpublished of [{ ...live, draft: true }, { ...live, date: '2026-07-01' }, undefined])
      expect(lostAddress(unpublished, { slug: 'elsewhere' }, today)).toBeUndefined();
  });

  it('stay on the site: a live article is not made a draft again, nor dated to come (unpublishingField)', () => {
    expect(unpublishingField(live, { draft: true, date: '2026-01-05' }, today)).toBe('draft');
    expect(unpublishingField(live, { date: '2026-06-02' }, today)).toBe('date');
    expect(unpublishingField(live, { draft: false, date: '2026-06-01' }, today)).toBeUndefined();
    expect(unpublishingField(live, { date: '2025-12-01' }, today)).toBeUndefined();
    // Unpublished, or new: free to be a draft or wait for its day.
    for (const unpublished of [{ ...live, draft: true }, { ...live, date: '2026-07-01' }, undefined])
      expect(unpublishingField(unpublished, { draft: true, date: '2026-09-01' }, today)).toBeUndefined();
  });
});

describe('another article’s slug or old slug (slugRefusal)', () => {
  const moved = {
    file: 'content/blog/online-reviews-guide.md',
    title: 'Google Reviews for Trades',
    slug: 'google-reviews-guide',
    aliases: ['online-reviews-guide'],
  } as Article;
  const blog = { folder: 'content/blog' };

  it('is refused for a new article, naming the slug typed and the article that has it, not a file Decap would choose', () => {
    expect(slugRefusal([moved], blog, 'online-reviews-guide')?.message).toBe(
      'content/blog (a new article): front matter: slug: "online-reviews-guide" is an old slug of content/blog/online-reviews-guide.md ("Google Reviews for Trades"): its old address, /blog/online-reviews-guide, sends visitors on to that article, so it cannot be this one\'s: choose another slug',
    );
    const renamed = { ...blog, file: 'content/blog/van-signs.md' };
    expect(slugRefusal([moved], renamed, 'online-reviews-guide')?.message).toMatch(
      /^content\/blog\/van-signs\.md: front matter: slug: "online-reviews-guide" is an old slug of content\/blog\/online-reviews-guide\.md/,
    );
  });

  it('is refused when another article has it as its slug, naming that article, not a file Decap would choose', () => {
    expect(slugRefusal([moved], blog, 'google-reviews-guide')?.message).toBe(
      'content/blog (a new article): front matter: slug: "google-reviews-guide" is already the slug of content/blog/online-reviews-guide.md ("Google Reviews for Trades"): each page needs its own',
    );
  });

  it('leaves the article its own old slugs, and a slug no article had', () => {
    expect(slugRefusal([moved], { ...blog, file: moved.file }, 'online-reviews-guide')).toBeUndefined();
    expect(slugRefusal([moved], blog, 'van-signs')).toBeUndefined();
  });
});
