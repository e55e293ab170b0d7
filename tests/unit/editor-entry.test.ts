/**
 * A Decap entry as the file it is saved as (admin/entry.ts): what a
 * marketer emptied in the form is not written, and a new entry's file is
 * named as Decap names it. Decap holds an entry as an Immutable map; a map
 * of plain objects with the same three methods stands in for it.
 */
import { describe, expect, it } from 'vitest';
import type { DecapMap } from '../../admin/decap';
import { entryOf, withoutEmpty } from '../../admin/entry';

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

  it('names a new article’s file by its slug, with -1, -2… after a name another file has, as Decap does', () => {
    const taken = new Set(['blog/social-media-guide.md', 'blog/social-media-guide-1.md']);
    const place = {
      contentDir: 'content',
      folders: new Map([['articles', 'blog']]),
      taken: (path: string) => taken.has(path),
    };
    const entry = (slug: string) => decapMap({ collection: 'articles', path: '', data: { slug, body: 'Text.' } });
    expect(entryOf(entry('van-signs'), place).path).toBe('blog/van-signs.md');
    expect(entryOf(entry('social-media-guide'), place).path).toBe('blog/social-media-guide-2.md');
  });
});
