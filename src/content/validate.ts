/** A content file's value checked, read from the disk or by the editor at /admin before it saves: the same rules. */
import * as v from 'valibot';
import { ContentError, didYouMean, messageOf } from '../errors';
import { unlessThrown } from '../unless-thrown';
import { renderMarkdown, RefusedMarkdownError, type RenderedMarkdown } from './markdown';
import { fieldName, findIllFormed } from './schemas/well-formed';

export function validate<T extends v.GenericSchema>(file: string, schema: T, data: unknown, prefix = '') {
  // Before the schema: every string's characters, field names too, and the nesting (schemas/well-formed.ts).
  const illFormed = findIllFormed(data);
  if (illFormed) throw new ContentError(file, prefix + illFormed.field, illFormed.problem);
  const result = v.safeParse(schema, data, { abortPipeEarly: true });
  if (result.success) return result.output;
  const [first] = result.issues;
  // valibot's object takes a list, its items as fields no schema knows, its own missing: a list where an object belongs.
  const list = result.issues.find(({ path }) => path?.at(-1)?.type === 'object' && Array.isArray(path.at(-1)!.input));
  const listField = list && fieldOf(list.path!.slice(0, -1));
  if (listField) throw new ContentError(file, prefix + listField, 'expected an object, found a list');
  // A field missing beside one no schema knows is most often that field misspelt ("titel:"): the misspelling is named.
  const misspelt = first.received === 'undefined' ? result.issues.find(isUnknownField) : undefined;
  // A value quoted back ("found …") is a text as written: a line break would end the message's line; written as JSON.
  const problem = misspelt
    ? `${unknownFieldText}, and ${fieldOf(first.path)} is missing`
    : describeIssue(first, schema).replace(/[\r\n]/g, (end) => (end === '\n' ? '\\n' : '\\r'));
  throw new ContentError(file, prefix + fieldOf((misspelt ?? first).path), problem);
}

const fieldOf = (path?: readonly { key: unknown }[]) => fieldName(path?.map(({ key }) => key as string | number) ?? []);

const unknownFieldText = 'is not a known field (check its spelling)';

const isUnknownField = (issue: v.BaseIssue<unknown>) => issue.type === 'strict_object' && issue.expected === 'never';

function describeIssue(issue: v.BaseIssue<unknown>, root: v.GenericSchema): string {
  if (isUnknownField(issue)) return unknownField(issue, root);
  if (issue.received === 'undefined') {
    // A missing key is reported by its parent object; the field's own schema says what belongs there.
    const parent = issue.type === 'strict_object' || issue.type === 'object';
    return `is missing: expected ${parent ? describeSchema(schemaAt(root, issue.path ?? [])) : expectedOf(issue)}`;
  }
  // A check of a record forwarded to one of its fields has the record as its input: the field's own value is quoted.
  const found = issue.path?.length ? issue.path.at(-1)!.value : issue.input;
  const quoted = typeof found === 'string' && typeof unlessThrown(() => JSON.parse(found)) === issue.expected;
  // A text not on a fixed list is most often one of its texts misspelt (valibot's issue quotes each: "map-pin").
  const options = issue.type === 'picklist' && typeof found === 'string' && issue.expected!.match(/(?<=")[^"|]*(?=")/g);
  const near = options ? didYouMean(found as string, options) : '';
  return `expected ${expectedOf(issue)}, found ${describeValue(found)}${quoted ? ', in quotes: write it without them' : near}`;
}

type AnySchema = v.GenericSchema & { entries?: Record<string, AnySchema>; item?: AnySchema; wrapped?: AnySchema };

/** A field no schema knows, with the fields its object takes: a misspelling, or a field an older version of the content had. */
function unknownField(issue: v.BaseIssue<unknown>, root: v.GenericSchema): string {
  const parent = schemaAt(root, issue.path?.slice(0, -1) ?? []);
  const known = Object.keys(parent?.entries ?? {});
  return known.length > 0 ? `${unknownFieldText}: expected one of ${known.join(', ')}` : unknownFieldText;
}

function schemaAt(root: v.GenericSchema, path: readonly { key: unknown }[]): AnySchema | undefined {
  let schema: AnySchema | undefined = root as AnySchema;
  for (const { key } of path) {
    schema = typeof key === 'number' ? schema?.item : schema?.entries?.[String(key)];
    while (schema?.wrapped) schema = schema.wrapped;
  }
  return schema;
}

function describeSchema(schema: AnySchema | undefined): string {
  // A schema made with our own words for what it holds ("a text describing the image…") says them.
  const own = (schema as { message?: unknown } | undefined)?.message;
  return typeof own === 'string' ? own : ((schema && typeNames[schema.type]) ?? 'a value');
}

/** Valibot's names for types (issue.expected and schema.type), as the error messages say them. */
const typeNames: Record<string, string> = {
  string: 'a text',
  number: 'a number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  strict_object: 'an object',
  picklist: 'one of the allowed values',
};

function expectedOf(issue: v.BaseIssue<unknown>): string {
  // Our own messages ("a lowercase slug…") read better than valibot's type names.
  if (!issue.message.startsWith('Invalid ')) return issue.message;
  if (issue.type === 'picklist') return `one of ${issue.expected!.replace(/^\(|\)$/g, '').replaceAll(' | ', ', ')}`;
  return typeNames[issue.expected?.toLowerCase() ?? ''] ?? issue.expected ?? 'another value';
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === 'string')
    return value.length > 60 ? `"${value.slice(0, 57)}…" (${value.length} characters)` : `"${value}"`;
  return value === null ? 'nothing' : typeof value === 'object' ? 'an object' : `${typeof value} ${String(value)}`;
}

export function requireBody(file: string, body: string): void {
  if (!body.trim()) throw new ContentError(file, 'body', "is empty: write the page's words below the front matter");
}

export function renderBody(file: string, body: string, firstLine?: number): RenderedMarkdown {
  try {
    return renderMarkdown(body, firstLine);
  } catch (error) {
    if (error instanceof RefusedMarkdownError) throw new ContentError(file, 'body', error.message);
    throw new ContentError(file, 'body', `could not be rendered (${messageOf(error)})`, { cause: error });
  }
}
