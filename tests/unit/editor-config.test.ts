/**
 * The editor's form and the build's schemas cannot disagree: Decap's
 * configuration (admin/config.ts) is made from the schemas of src/content/,
 * and this holds every collection to them, field by field: every schema
 * field has a widget and every widget a schema field, optional exactly where
 * the schema says, the schema's choices its options; the choices that come
 * from content are the site's own. And every content file a marketer changes
 * has its form.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { articles, fileCollections, legalPages, servicePageFiles } from '../../admin/collections';
import { decapConfig } from '../../admin/config';
import type { DecapField } from '../../admin/fields';
import { resolveConfig } from '../../src/config';
import { loadSite } from '../../src/content/load-site';
import type { SiteModel } from '../../src/content/model';
import * as s from '../../src/content/schemas';
import { projectRoot } from '../support/cli';

type Schema = v.GenericSchema & {
  entries?: Record<string, Schema>;
  wrapped?: Schema;
  item?: Schema;
  options?: readonly (Schema | string)[];
  key?: string;
};

let model: SiteModel;
let config: ReturnType<typeof decapConfig>;
const servicePages = readdirSync(join(projectRoot, 'content', 'service-pages')).map((name) => `service-pages/${name}`);

beforeAll(() => {
  const settings = resolveConfig({ root: projectRoot }, {});
  model = loadSite({ contentDir: settings.contentDir, projectRoot: settings.root });
  config = decapConfig({
    model,
    servicePages,
    backend: { name: 'local', url: 'http://127.0.0.1:8081/api/v1', tokenHeader: 'X-Sitegen-Editor-Token' },
    siteUrl: 'http://localhost:4321',
    today: '2026-07-01',
  });
});

/** The fields of an object schema, or of every shape of a variant (its key first). */
function entriesOf(schema: Schema): [string, Schema][] {
  if (schema.type !== 'variant') return Object.entries(schema.entries ?? {});
  const shapes = schema.options as Schema[];
  const merged = new Map<string, Schema>([[schema.key!, shapes[0]!.entries![schema.key!]!]]);
  for (const shape of shapes) for (const [name, entry] of Object.entries(shape.entries!)) merged.set(name, entry);
  return [...merged];
}

/** Holds `fields` to `schema`, recording each disagreement by its path. */
function compare(schema: Schema, fields: readonly DecapField[], where: string, problems: string[]): void {
  const entries = entriesOf(schema);
  const names = fields.map((field) => field.name);
  if (names.join() !== entries.map(([name]) => name).join())
    problems.push(`${where}: fields ${names.join(', ')}; schema ${entries.map(([name]) => name).join(', ')}`);
  for (const [name, entry] of entries) {
    const field = fields.find((candidate) => candidate.name === name);
    if (!field) continue;
    const path = `${where}.${name}`;
    if (field.required !== false) problems.push(`${path}: Decap would check it itself`);
    const optional = entry.type === 'optional';
    // A variant's fields belong to one shape each: none is marked.
    if (schema.type !== 'variant' && field.label.endsWith(' (optional)') !== optional)
      problems.push(`${path}: labelled ${optional ? 'required' : 'optional'}, the schema says otherwise`);
    compareValue(optional ? entry.wrapped! : entry, field, path, problems);
  }
}

function compareValue(schema: Schema, field: DecapField, path: string, problems: string[]): void {
  const expect = (widgets: string[]) => {
    if (!widgets.includes(field.widget)) problems.push(`${path}: a ${field.widget} widget for a ${schema.type} schema`);
  };
  if (schema.type === 'strict_object' || schema.type === 'variant') {
    expect(['object']);
    compare(schema, field.fields ?? [], path, problems);
  } else if (schema.type === 'array') {
    const item = schema.item!;
    if (item.type === 'picklist') {
      expect(['select']);
      if (JSON.stringify(field.options) !== JSON.stringify(item.options)) problems.push(`${path}: other choices`);
    } else if (item.type === 'strict_object' || item.type === 'variant') {
      expect(['list']);
      compare(item, field.fields ?? [], path, problems);
    } else {
      expect(['list']);
      if (field.field) compareValue(item, field.field, `${path}[]`, problems);
      else problems.push(`${path}: a list without its item's widget`);
    }
  } else if (schema.type === 'picklist') {
    expect(['select']);
    if (JSON.stringify(field.options) !== JSON.stringify(schema.options)) problems.push(`${path}: other choices`);
  } else if (schema.type === 'number') expect(['number']);
  else if (schema.type === 'boolean') expect(['boolean']);
  else expect(['string', 'text', 'datetime', 'image', 'select']);
}

const collection = (name: string) => config.collections.find((item) => item.name === name)!;

describe("the editor's configuration", () => {
  it('gives every field of every schema a widget, and every widget a schema field', () => {
    const problems: string[] = [];
    for (const folder of [articles, legalPages]) {
      const fields = (collection(folder.name) as { fields: DecapField[] }).fields;
      // The body is the Markdown file's own, after its front matter.
      expect(fields.at(-1)).toMatchObject({ name: 'body', widget: 'markdown' });
      // A folder's entry is named by its slug: the editor asks for it, optional or not in the schema.
      const slug = fields.find((field) => field.name === 'slug')!;
      expect(slug.label).toBe('Slug (its address)');
      const schema = folder.schema as Schema;
      const mark = schema.entries!.slug!.type === 'optional' ? ' (optional)' : '';
      const adjusted = fields
        .slice(0, -1)
        .map((field) => (field.name === 'slug' ? { ...field, label: field.label + mark } : field));
      compare(schema, adjusted, folder.name, problems);
    }
    const files = [...fileCollections.flatMap((item) => item.files), ...servicePageFiles(model, servicePages)];
    const configured = config.collections.flatMap((item) => ('files' in item ? item.files : []));
    expect(configured.map((file) => file.name).sort()).toEqual(files.map((file) => file.name).sort());
    for (const file of files) {
      const fields = configured.find((item) => item.name === file.name)!.fields;
      compare(file.schema as Schema, fields, file.path, problems);
    }
    expect(problems).toEqual([]);
  });

  it('edits every content file a marketer changes: all but the navigation and the redirects', () => {
    const dir = join(projectRoot, 'content');
    const jsonFiles = [
      ...readdirSync(dir).filter((name) => name.endsWith('.json')),
      ...readdirSync(join(dir, 'pages')).map((name) => `pages/${name}`),
      ...servicePages,
    ];
    const configured = config.collections.flatMap((item) => ('files' in item ? item.files.map((f) => f.file) : []));
    expect(jsonFiles.filter((name) => !configured.includes(`content/${name}`)).sort()).toEqual([
      'navigation.json',
      'redirects.json',
    ]);
    expect(configured.filter((file) => !jsonFiles.includes(file.slice('content/'.length)))).toEqual([]);
    const folders = config.collections.flatMap((item) => ('folder' in item ? [item.folder] : []));
    expect(folders).toEqual(['content/blog', 'content/legal', 'content/trades']);
    // Photos go where the image pipeline reads them, named as content names them.
    expect(config).toMatchObject({ media_folder: 'content/images', public_folder: 'images' });
  });

  it('deletes an article only in sitegen dev, whose backend checks a delete first; a legal page or a trade nowhere', () => {
    const deletes = (editor: typeof config) =>
      editor.collections.flatMap((item) => ('folder' in item ? [[item.name, item.delete]] : []));
    expect(deletes(config)).toEqual([
      ['articles', true],
      ['legal', false],
      ['trades', false],
    ]);
    const github = { name: 'github', repo: 'agency/website', branch: 'main', authUrl: undefined } as const;
    const production = decapConfig({ model, servicePages, backend: github, siteUrl: 'https://example.com', today: '' });
    expect(deletes(production)).toEqual([
      ['articles', false],
      ['legal', false],
      ['trades', false],
    ]);
  });

  it('shows each collapsed entry of a list by its title, or else its name: a job by its title, not its id', () => {
    const lists = collection('lists') as { files: { name: string; fields: DecapField[] }[] };
    const summaries = (file: string) => lists.files.find((item) => item.name === file)!.fields[0]!;
    expect(summaries('jobs')).toMatchObject({ name: 'jobs', summary: '{{fields.title}}' });
    expect(summaries('team')).toMatchObject({ name: 'team', summary: '{{fields.name}}' });
  });

  it('names one entry of a list in the singular, as its "Add …" button and a count of one say it', () => {
    const entries = new Map<string, string>();
    const visit = (fields: readonly DecapField[]) => {
      for (const field of fields) {
        if (field.widget === 'list') entries.set(field.name, field.label_singular!);
        visit([...(field.fields ?? []), ...(field.field ? [field.field] : [])]);
      }
    };
    for (const item of config.collections as { fields?: DecapField[]; files?: { fields: DecapField[] }[] }[])
      visit([...(item.fields ?? []), ...(item.files ?? []).flatMap((file) => file.fields)]);
    expect(Object.fromEntries(entries)).toEqual({
      aliases: 'Old slug',
      cards: 'Card',
      caseStudies: 'Case study',
      categories: 'Category',
      features: 'Feature',
      groups: 'Group',
      items: 'Item',
      jobs: 'Job',
      keywords: 'Keyword',
      paragraphs: 'Paragraph',
      points: 'Point',
      requirements: 'Requirement',
      results: 'Result',
      services: 'Service',
      social: 'Social profile',
      stats: 'Stat',
      team: 'Team member',
      testimonials: 'Testimonial',
    });
  });

  it("offers the site's own choices: the blog's categories, the trades, the services", () => {
    const articleFields = (collection('articles') as { fields: DecapField[] }).fields;
    const category = articleFields.find((field) => field.name === 'category')!;
    expect(category.options).toEqual(model.categories.map((item) => item.name));
    expect(category.options).toContain('Web Design');
    const lists = collection('lists') as { files: { name: string; fields: DecapField[] }[] };
    const caseStudies = lists.files.find((file) => file.name === 'case-studies')!;
    const trade = caseStudies.fields[0]!.fields!.find((field) => field.name === 'trade')!;
    expect(trade.options).toEqual(model.trades.map((item) => ({ label: item.name, value: item.slug })));
    const tradeFields = (collection('trades') as { fields: DecapField[] }).fields;
    const card = tradeFields.find((field) => field.name === 'services')!.fields!.find((f) => f.name === 'service')!;
    expect(card.options).toEqual(model.services.map((item) => item.id));
    expect(s.articleFrontMatterSchema.entries.category.type).toBe('string');
  });

  it('opens one trade a form, its file named by its slug, previewed on its own page', () => {
    expect(collection('trades')).toMatchObject({
      label: 'Trades',
      folder: 'content/trades',
      extension: 'json',
      format: 'sitegen-json',
      slug: '{{fields.slug}}',
      identifier_field: 'name',
      preview_path: 'services/{{fields.slug}}',
      create: true,
    });
    // A JSON file, no Markdown body: the form's fields are a trade file's keys, in the file's order (but for the
    // optional social image, which no trade has yet).
    const form = (collection('trades') as { fields: DecapField[] }).fields.map((field) => field.name);
    const plumber = JSON.parse(readFileSync(join(projectRoot, 'content', 'trades', 'plumber.json'), 'utf8')) as object;
    expect(form.filter((name) => name !== 'socialImage')).toEqual(Object.keys(plumber));
  });

  it('labels the site facts in a marketer’s words: a social profile’s link, not its "Href"; the map position, not "Geo"', () => {
    const facts = (collection('site') as { files: { fields: DecapField[] }[] }).files[0]!.fields;
    const labels = (fields: DecapField[]): string[] =>
      fields.flatMap((field) => [field.label, ...labels(field.fields ?? [])]);
    expect(labels(facts)).toEqual(expect.arrayContaining(['Link (the profile’s address) (optional)', 'Map position']));
    expect(labels(facts).filter((label) => /^(Href|Geo)\b/.test(label))).toEqual([]);
  });

  it('starts a new trade with its six services in order, each with its four features to fill in: a list of a fixed length takes no entry added', () => {
    const services = (collection('trades') as { fields: DecapField[] }).fields.find((f) => f.name === 'services')!;
    expect(services).toMatchObject({ allow_add: false, allow_remove: false });
    const blank = { description: '', features: ['', '', '', ''] };
    expect(services.default).toEqual(model.services.map((service) => ({ service: service.id, ...blank })));
  });

  it('starts a new article as a draft, dated today in London (as `sitegen new article` dates one), by the newest article’s author', () => {
    const articleFields = (collection('articles') as { fields: (DecapField & { default?: unknown })[] }).fields;
    const defaults = Object.fromEntries(articleFields.map((field) => [field.name, field.default]));
    expect({ date: defaults.date, draft: defaults.draft }).toEqual({ date: '2026-07-01', draft: true });
    expect(model.articles.map((article) => article.author)).toContain(defaults.author);
  });

  it('tells each limit in the build’s own words', () => {
    const fields = (collection('articles') as { fields: DecapField[] }).fields;
    expect(fields.find((field) => field.name === 'readTime')!.hint).toBe(
      'Expected: a whole number of minutes; a read time of at least 5 minutes; a read time of at most 10 minutes.',
    );
    expect(fields.find((field) => field.name === 'title')!.hint).toBe(
      'Expected: a text of at most 60 characters; a text with no {…} placeholder (filled in only in a body).',
    );
    expect(fields.find((field) => field.name === 'body')!.hint).toBe(
      "{name}, {legalName}, {phone}, {email}, {address} and {hours} in the text show the agency's own, from the site's facts. A link: select its words and press the link button, or type `[words](/address)` after switching to Markdown.",
    );
  });

  it('takes an opening time as typed, in London: no time picker saying UTC, no "Now"', () => {
    const facts = (collection('site') as { files: { fields: DecapField[] }[] }).files[0]!.fields;
    const hours = facts.find((field) => field.name === 'hours')!.fields!;
    expect(hours.map(({ name, label, widget, hint }) => ({ name, label, widget, hint }))).toEqual([
      expect.objectContaining({ name: 'days', label: 'Days' }),
      { name: 'opens', label: 'Opens', widget: 'string', hint: 'Expected: a 24-hour time in London such as "09:00".' },
      {
        name: 'closes',
        label: 'Closes',
        widget: 'string',
        hint: 'Expected: a 24-hour time in London such as "18:00".',
      },
    ]);
  });
});
