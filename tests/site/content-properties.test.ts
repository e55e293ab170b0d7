/**
 * Content checking on generated input (fast-check; how many inputs, and
 * from which seed: tests/support/fuzz.ts, many more under `npm run fuzz`).
 *
 * - The schemas: every real content file with its free texts replaced by
 *   generated ones is accepted; with any one of its strings spoiled (a
 *   control character, a lone surrogate, huge, empty) it is refused by a
 *   ContentError naming that field, and nothing else is ever thrown.
 * - The real build, on a copy of content/ with one file broken at random,
 *   in this process: it builds (pages written), or it is refused in one
 *   line naming a file under content/. Never a stack trace. (What the
 *   process shows of a refusal, exit code 1 and the output as it was:
 *   refusals-process.test.ts.)
 */
import { readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ContentError } from '../../src/errors';
import { parseFrontMatter } from '../../src/content/front-matter';
import { validate } from '../../src/content/validate';
import * as s from '../../src/content/schemas';
import { text } from '../../src/content/schemas/shared';
import { projectRoot } from '../support/cli';
import { contentFiles, mutate, mutation, type Mutation } from '../support/content-mutations';
import { fingerprint } from '../support/fingerprint';
import { fuzzParameters } from '../support/fuzz';
import { buildHere, contentWorkspace, removeWorkspaces } from '../support/workspace';

type Path = (string | number)[];
type Schema = v.GenericSchema & {
  entries?: Record<string, Schema>;
  item?: Schema;
  wrapped?: Schema;
  options?: Schema[];
};

const schemaOf: Record<string, v.GenericSchema> = {
  'site.json': s.siteSchema,
  'navigation.json': s.navigationSchema,
  'services.json': s.servicesSchema,
  'testimonials.json': s.testimonialsSchema,
  'stats.json': s.statsSchema,
  'case-studies.json': s.caseStudiesSchema,
  'team.json': s.teamSchema,
  'jobs.json': s.jobsSchema,
  'forms.json': s.formsSchema,
  'pages/home.json': s.homePageSchema,
  'pages/about.json': s.aboutPageSchema,
  'pages/case-studies.json': s.caseStudiesPageSchema,
  'pages/blog.json': s.blogPageSchema,
  'pages/careers.json': s.careersPageSchema,
  'pages/contact.json': s.contactPageSchema,
  'pages/404.json': s.notFoundPageSchema,
  'pages/legal.json': s.legalCopySchema,
  'pages/trade.json': s.tradePageSchema,
  'redirects.json': s.redirectsSchema,
};
/** A folder's files, one page each. */
const folderSchemaOf: Record<string, v.GenericSchema> = {
  'service-pages': s.servicePageSchema,
  trades: s.tradeSchema,
};

interface ContentRecord {
  file: string;
  data: unknown;
  /** What comes before a field's name in messages. */
  prefix: string;
}

/** Each file's schema, kept out of the generated values, which fast-check prints with a failure. */
const schemas = new Map<string, v.GenericSchema>();

/** Every real content file as validate is given it: its name, parsed value, and the prefix of its fields. */
const records = contentFiles.map((name): ContentRecord => {
  const source = readFileSync(join(projectRoot, 'content', name), 'utf8');
  const file = `content/${name}`;
  if (name.endsWith('.json')) {
    const schema = schemaOf[name] ?? folderSchemaOf[name.split('/')[0]!];
    if (!schema) throw new Error(`no schema for ${file}: add it to schemaOf`);
    schemas.set(file, schema);
    return { file, data: JSON.parse(source) as unknown, prefix: '' };
  }
  const parsed = parseFrontMatter(source);
  if (!parsed.ok) throw new Error(`${file} has no front matter`);
  schemas.set(file, name.startsWith('blog/') ? s.articleFrontMatterSchema : s.legalFrontMatterSchema);
  return { file, data: parsed.data, prefix: 'front matter: ' };
});

/** The schema a valid value meets, through optional fields, and through unions and variants to the option it meets. */
function resolve(schema: Schema, value: unknown): Schema {
  if (schema.type === 'optional') return resolve(schema.wrapped!, value);
  if (schema.type === 'union' || schema.type === 'variant')
    return resolve(schema.options!.find((option) => v.is(option, value)) ?? schema, value);
  return schema;
}

/** The schema of a child of a value, by its key. */
function childSchema(schema: Schema, key: string | number): Schema | undefined {
  return typeof key === 'number' ? schema.item : schema.entries?.[key];
}

/** The paths of a value's free texts: fields whose schema is the plain `text`, with no pattern or length of its own. */
function freeTexts(schema: Schema, value: unknown, path: Path = []): Path[] {
  if (schema === (text as Schema)) return [path];
  if (value === null || typeof value !== 'object') return [];
  const resolved = resolve(schema, value);
  const entries: [string | number, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
  return entries.flatMap(([key, item]) => {
    const child = childSchema(resolved, key);
    return child ? freeTexts(child, item, [...path, key]) : [];
  });
}

/**
 * The fields a refusal of the value at `path` may name: its own, or that of
 * a union holding it (navigation's header entries, a link or the services
 * menu), which valibot names when no alternative fits, saying what each is.
 */
function namedFields(schema: Schema, data: unknown, path: Path): string[] {
  const names = [fieldName(path)];
  let current: Schema | undefined = schema;
  let value = data;
  for (const [depth, key] of path.entries()) {
    if (current?.type === 'union') names.push(fieldName(path.slice(0, depth)));
    current = current && childSchema(resolve(current, value), key);
    value = (value as Record<string | number, unknown>)[key];
  }
  return names;
}

/** The path of every string in a value. */
function stringsIn(value: unknown, path: Path = []): Path[] {
  if (typeof value === 'string') return [path];
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
  return entries.flatMap(([key, item]) => stringsIn(item, [...path, key]));
}

function setAt(data: unknown, path: Path, value: unknown): void {
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((holder, key) => (holder as Record<string | number, unknown>)[key], data);
  (parent as Record<string | number, unknown>)[path[path.length - 1]!] = value;
}

function getAt(data: unknown, path: Path): unknown {
  return path.reduce<unknown>((holder, key) => (holder as Record<string | number, unknown>)[key], data);
}

/** A field as messages name it: names joined by dots, list positions in brackets. */
function fieldName(path: Path): string {
  return path.map((key, at) => (typeof key === 'number' ? `[${key}]` : at === 0 ? key : `.${key}`)).join('');
}

/**
 * Texts a person may write: any character but control characters (tab and line breaks apart) and lone surrogates, and
 * no HTML tag (a < before a letter, / or !), which a page would show as typed.
 */
const writtenText = fc.oneof(
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 60 })
    .map((written) => written.replace(/\p{Cc}|\p{Cs}/gu, '').replace(/<(?=[a-zA-Z/!])/g, '< ')),
  fc.constantFrom(
    'Two lines\nof text',
    'Windows\r\nline ends',
    'A\ttab',
    'Emoji 😀 👍🏽 and e\u0301',
    '{braces}',
    'Calls back in <2 hours, 9<10',
  ),
);

/** A real file, with every free text replaced by a generated one, different from the others (a list may want them unique). */
const validRecord = fc.constantFrom(...records).chain((record) => {
  const paths = freeTexts(schemas.get(record.file) as Schema, record.data);
  const texts = fc.uniqueArray(
    writtenText.filter((written) => written.trim() !== ''),
    { minLength: paths.length, maxLength: paths.length, selector: (written) => written.trim() },
  );
  return texts.map((written) => {
    const data = structuredClone(record.data);
    paths.forEach((path, index) => setAt(data, path, written[index]));
    return { ...record, data, texts: paths.map((path, index) => [path, written[index]!] as const) };
  });
});

/** How a string is spoiled, and what its refusal says: a control character or lone surrogate at a character's place. */
const spoil = fc.oneof(
  fc.record({
    kind: fc.constant('character' as const),
    character: fc.oneof(
      fc.integer({ min: 0, max: 0x1f }).filter((code) => code !== 0x09 && code !== 0x0a && code !== 0x0d),
      fc.integer({ min: 0x7f, max: 0x9f }),
      fc.integer({ min: 0xd800, max: 0xdfff }),
    ),
    place: fc.nat(),
  }),
  fc.constantFrom({ kind: 'huge' as const }, { kind: 'empty' as const }),
);

describe('the content schemas, on generated values', () => {
  it('accept every real file with its free texts rewritten', () => {
    fc.assert(
      fc.property(validRecord, (record) => {
        const output = validate(record.file, schemas.get(record.file)!, record.data, record.prefix);
        for (const [path, written] of record.texts) expect(getAt(output, path)).toBe(written.trim());
      }),
      fuzzParameters(40),
    );
  });

  it('refuse a file with one string spoiled, naming that field, with a content error and nothing else', () => {
    const spoiled = validRecord.chain((record) =>
      fc.record({ record: fc.constant(record), path: fc.constantFrom(...stringsIn(record.data)), spoil }),
    );
    fc.assert(
      fc.property(spoiled, ({ record, path, spoil }) => {
        const original = getAt(record.data, path) as string;
        const characters = [...original];
        let place = spoil.kind === 'character' ? spoil.place % (characters.length + 1) : 0;
        // Not between the two characters of a CR LF line ending: that would leave a lone CR before the character.
        if (characters[place - 1] === '\r' && characters[place] === '\n') place += 1;
        const value =
          spoil.kind === 'empty'
            ? ''
            : spoil.kind === 'huge'
              ? original.repeat(Math.ceil(10_001 / original.length))
              : characters.slice(0, place).join('') +
                String.fromCharCode(spoil.character) +
                characters.slice(place).join('');
        // A copy: fast-check runs the property again on the same values while it shrinks a failure.
        const data = structuredClone(record.data);
        setAt(data, path, value);
        let refusal: unknown;
        try {
          validate(record.file, schemas.get(record.file)!, data, record.prefix);
        } catch (error) {
          refusal = error;
        }
        expect(refusal).toBeInstanceOf(ContentError);
        const message = (refusal as ContentError).message;
        const fields = namedFields(schemas.get(record.file) as Schema, record.data, path);
        const named = fields.some((field) => message.startsWith(`${record.file}: ${record.prefix}${field}: `));
        expect(named, `${message}\n(spoilt: ${fieldName(path)})`).toBe(true);
        expect(message).not.toContain('\n');
        if (spoil.kind === 'character') {
          const code = `U+${spoil.character.toString(16).toUpperCase().padStart(4, '0')}`;
          const where = `at character ${place + 1}`;
          expect(message).toContain(
            spoil.character >= 0xd800
              ? `a lone surrogate (${code}) ${where}`
              : `the control character ${code} ${where}`,
          );
        }
      }),
      fuzzParameters(100),
    );
  });
});

describe('the real build, on content broken at random', () => {
  let site: Awaited<ReturnType<typeof contentWorkspace>>;
  beforeAll(async () => {
    site = await contentWorkspace();
  });
  afterAll(removeWorkspaces);

  // The content checked in this process as the build checks it before it writes anything (support/workspace.ts);
  // content it accepts is built, here too, into the same output each time.
  const parameters = fuzzParameters<[Mutation]>(20, 400);
  it(
    'builds, pages written, or refuses in one line naming a file under content/, never with a stack trace',
    async () => {
      const out = join(site.dir, 'dist');
      const underContent = new RegExp(`^sitegen: ${site.content.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[^\n]+\n$`);
      await fc.assert(
        fc.asyncProperty(mutation, async (change) => {
          const path = join(site.content, change.file);
          const original = await readFile(path);
          await writeFile(path, mutate(original, change));
          try {
            const refusal = await site.refusal();
            if (refusal === undefined) {
              expect(await buildHere({ content: site.content, out, incremental: true })).toBe('');
              expect(Object.keys(await fingerprint(out))).toEqual(
                expect.arrayContaining(['/index.html', '/404.html', '/sitemap.xml']),
              );
            } else {
              expect(refusal).toMatch(underContent);
            }
          } finally {
            await writeFile(path, original);
          }
        }),
        parameters,
      );
    },
    // Shrinking a failure runs many more.
    parameters.numRuns! * 20_000,
  );
});
