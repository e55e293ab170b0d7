/**
 * The editor writes a JSON file of content/ from its text as it was, changing
 * only the lines of what changed (admin/json-file.ts): the project's own files,
 * with the keys of every object handed over in another order, as Decap's
 * Immutable maps hand them past eight keys.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldsOf } from '../../admin/fields';
import { writeJson } from '../../admin/json-file';
import type { JsonObject } from '../../admin/value-changes';
import * as s from '../../src/content/schemas';
import { projectRoot } from '../support/cli';
import { content, lineChanges, scrambled } from '../support/editor-file-changes';

const jsonOf = (text: string) => JSON.parse(text) as JsonObject;

describe('a JSON file of content/ written by the editor (writeJson)', () => {
  const site = content('site.json');
  const plumber = content('trades/plumber.json');

  it('changes the phone’s line alone in site.json, whatever order the keys come back in', () => {
    const edited = scrambled({ ...jsonOf(site), phone: '0808 157 0200' });
    expect(lineChanges(site, writeJson(site, edited))).toEqual({
      removed: ['  "phone": "0808 157 0192",'],
      added: ['  "phone": "0808 157 0200",'],
    });
  });

  it('changes one word of the plumber’s description on its line alone, its nine keys in the file’s order', () => {
    const value = jsonOf(plumber);
    expect(Object.keys(value)).toHaveLength(9);
    const description = String(value.description);
    value.description = description.replace('burst pipes', 'frozen pipes');
    const written = writeJson(plumber, scrambled(value));
    const line = (text: string) => `  "description": ${JSON.stringify(text)},`;
    expect(lineChanges(plumber, written)).toEqual({
      removed: [line(description)],
      added: [line(String(value.description))],
    });
    expect(JSON.parse(written)).toEqual(value);
  });

  it('writes the same text when nothing changed', () => {
    const files = readdirSync(join(projectRoot, 'content'), { recursive: true, encoding: 'utf8' });
    for (const name of files.filter((file) => file.endsWith('.json'))) {
      const text = content(name);
      expect(writeJson(text, scrambled(JSON.parse(text))), name).toBe(text);
    }
  });

  it('takes out an emptied field with its line: first, middle or last of its object', () => {
    const without = (key: string) => {
      const { [key]: _, ...rest } = jsonOf(site);
      return lineChanges(site, writeJson(site, rest));
    };
    expect(without('email')).toEqual({ removed: ['  "email": "hello@example.com",'], added: [] });
    expect(without('name')).toEqual({ removed: ['  "name": "TradeBoost Digital",'], added: [] });
    // The last one's comma goes from the line before it, as JSON has it.
    const last = without('social');
    expect(last.added).toEqual(['  "responseTime": "24 hours"']);
    expect(last.removed[0]).toBe('  "responseTime": "24 hours",');
    expect(last.removed).toHaveLength(7);
  });

  it('changes an inline object on its line', () => {
    const value = jsonOf(site) as { logo: JsonObject };
    const { alt: _, ...logo } = value.logo;
    expect(lineChanges(site, writeJson(site, { ...value, logo }))).toEqual({
      removed: ['  "logo": { "src": "images/logo.png", "alt": "TradeBoost Digital" },'],
      added: ['  "logo": { "src": "images/logo.png" },'],
    });
  });

  it('puts a new list item on a line of its own, laid out and ordered as its neighbours', () => {
    const value = jsonOf(site) as { social: JsonObject[] };
    const linkedin = {
      href: 'https://www.linkedin.com/',
      label: 'TradeBoost Digital on LinkedIn',
      network: 'linkedin',
    };
    value.social.splice(1, 0, linkedin);
    expect(lineChanges(site, writeJson(site, value))).toEqual({
      removed: [],
      added: [
        '    { "network": "linkedin", "label": "TradeBoost Digital on LinkedIn", "href": "https://www.linkedin.com/" },',
      ],
    });
  });

  it('writes a new trade’s file with its nine keys in the order of the form, which the other trades’ files have', () => {
    const form = fieldsOf(s.tradeSchema).map((field) => field.name);
    const glazier = { ...jsonOf(plumber), name: 'Glazier', slug: 'glazier' };
    // Decap hands its keys in another order (past eight keys), each card's in the form's.
    const written = writeJson(undefined, Object.fromEntries(Object.entries(glazier).reverse()), form);
    expect(written).toBe(
      plumber.replace('"name": "Plumber"', '"name": "Glazier"').replace('"slug": "plumber"', '"slug": "glazier"'),
    );
  });

  it('lays a new job out as its neighbours are, part by part: its workplace on one line, its requirements one a line', () => {
    const jobs = content('jobs.json');
    const value = jsonOf(jobs) as { jobs: JsonObject[] };
    const first = value.jobs[0]!;
    const added = scrambled({ ...first, id: 'seo-executive', title: 'SEO Executive' });
    const written = writeJson(jobs, { jobs: [...value.jobs, added] });
    // Written as the file's first job is, line for line but its id and title, after the last one.
    const firstText = jobs.slice(jobs.indexOf('    {'), jobs.indexOf('\n    }') + 6);
    const expected = firstText
      .replace(`"id": "${String(first.id)}"`, '"id": "seo-executive"')
      .replace(`"title": "${String(first.title)}"`, '"title": "SEO Executive"');
    const end = jobs.lastIndexOf('\n    }') + 6;
    expect(written).toBe(`${jobs.slice(0, end)},\n${expected}${jobs.slice(end)}`);
  });

  it('places a new key after the one before it in the form, and writes texts with quotes and escapes as JSON does', () => {
    const value = { ...jsonOf(site), fax: 'A "fax" line — ok' };
    const order = ['name', 'url', 'logo', 'tagline', 'blurb', 'phone', 'fax', 'email'];
    expect(lineChanges(site, writeJson(site, value, order))).toEqual({
      removed: [],
      added: ['  "fax": "A \\"fax\\" line — ok",'],
    });
    expect(writeJson(site, value, order)).toContain('"phone": "0808 157 0192",\n  "fax"');
  });

  it('replaces every item of a list, or all but its middle one, keeping the list one item a line', () => {
    const value = jsonOf(plumber) as JsonObject & { keywords: string[] };
    const lines = (keywords: string[]) =>
      keywords.map((keyword, i) => `    ${JSON.stringify(keyword)}${i < keywords.length - 1 ? ',' : ''}`);
    const before = lines(value.keywords);
    expect(before.length).toBeGreaterThan(3);
    for (const keywords of [[value.keywords[2]!], ['boiler repair'], ['boiler repair', 'leak detection']]) {
      const written = writeJson(plumber, scrambled({ ...value, keywords }));
      // The plumber's keywords alone changed: every other line as it was.
      expect(lineChanges(plumber, written), keywords.join()).toEqual({ removed: before, added: lines(keywords) });
    }
  });

  it('changes one text of a list on its line, and fills an empty list inline', () => {
    const text = '{\n  "days": ["Monday", "Tuesday"],\n  "tags": [],\n  "n": 1.50\n}\n';
    expect(writeJson(text, { days: ['Monday', 'Wednesday'], tags: [], n: 1.5 })).toBe(
      '{\n  "days": ["Monday", "Wednesday"],\n  "tags": [],\n  "n": 1.50\n}\n',
    );
    expect(writeJson(text, { days: ['Monday', 'Tuesday'], tags: ['a', 'b'], n: 1.5 })).toBe(
      '{\n  "days": ["Monday", "Tuesday"],\n  "tags": ["a", "b"],\n  "n": 1.50\n}\n',
    );
  });
});
