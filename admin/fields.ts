/**
 * A content schema (src/content/schemas/, valibot) as the fields of Decap
 * CMS's form: one widget per field of the schema, labelled optional where
 * the schema makes it optional, choices from its picklists, and its limits
 * told in the build's own words as each field's hint. Decap is given no
 * rule of its own (no required flag, min, max or pattern): the build's
 * rules are checked before every save (editor-site.ts), and refuse in the
 * build's words.
 */
import type * as v from 'valibot';
import { imageSrc, localImageSrc, noMarkup } from '../src/content/schemas/shared';

/** A field of Decap's configuration (https://decapcms.org/docs/widgets/): the options this editor sets. */
export interface DecapField {
  name: string;
  label: string;
  widget: string;
  required?: boolean;
  hint?: string;
  default?: unknown;
  options?: (string | number | { label: string; value: string })[];
  multiple?: boolean;
  fields?: DecapField[];
  field?: DecapField;
  summary?: string;
  /** A list's entry, in its "Add …" button and its count of one ("1 old slug"), where the list's own label is plural. */
  label_singular?: string;
  collapsed?: boolean;
  allow_add?: boolean;
  allow_remove?: boolean;
  value_type?: 'float';
  format?: string;
  date_format?: string | boolean;
  time_format?: string | boolean;
  choose_url?: boolean;
}

/** What valibot's schemas hold that this reads: their kind, their parts and the checks piped after them. */
interface Schema {
  type: string;
  entries?: Record<string, Schema>;
  item?: Schema;
  wrapped?: Schema;
  default?: unknown;
  options?: readonly (Schema | string | number)[];
  key?: string;
  literal?: unknown;
  pipe?: readonly (Schema | Check)[];
}

interface Check {
  kind: 'validation' | 'transformation';
  type: string;
  requirement?: unknown;
  message?: string;
}

/** A field the schema leaves to the editor's own knowledge: its choices come from content, or its text is long. */
export interface FieldChoice {
  widget: 'select';
  options: DecapField['options'];
}

export interface FieldOptions {
  /** Labels by field name, where the name alone would not say what the field is. */
  labels?: Record<string, string>;
  /** Choices that come from content (a blog category, a trade), by field name. */
  choices?: Record<string, FieldChoice>;
  /** Fields written as paragraphs: a text area rather than a line. */
  longText?: ReadonlySet<string>;
}

/** What a field the schema makes optional has after its label (Decap's own mark is hidden: src/admin/editor-page.ts). */
export const optionalMark = ' (optional)';

/** The fields of an object schema, in its order. */
export function fieldsOf(schema: v.GenericSchema, options: FieldOptions = {}): DecapField[] {
  return Object.entries((schema as unknown as Schema).entries ?? {}).map(([name, entry]) =>
    fieldOf(name, entry, options),
  );
}

function fieldOf(name: string, schema: Schema, options: FieldOptions): DecapField {
  const optional = schema.type === 'optional';
  const inner = optional ? schema.wrapped! : schema;
  const field: DecapField = { name, label: options.labels?.[name] ?? labelOf(name), ...widgetOf(name, inner, options) };
  // Decap checks nothing itself, not even that a field is filled: the build's rules refuse an entry, in its words.
  field.required = false;
  if (optional) field.label += optionalMark;
  if (optional && schema.default !== undefined) field.default = schema.default;
  // A date, a choice or an image is given in the form the build wants by its widget; a text or a number is typed.
  const hint = ['string', 'text', 'number', 'list'].includes(field.widget) ? hintOf(inner) : undefined;
  if (hint) field.hint = hint;
  return field;
}

function widgetOf(name: string, schema: Schema, options: FieldOptions): Omit<DecapField, 'name' | 'label'> {
  const choice = options.choices?.[name];
  if (choice) return choice;
  if ((schema as unknown) === imageSrc) return { widget: 'image' };
  if ((schema as unknown) === localImageSrc) return { widget: 'image', choose_url: false };
  const checks = checksOf(schema).map((check) => check.type);
  // A day in London, kept as the text it is, picked in the browser's time: its "Now" is London's day there. Not
  // picker_utc, which says "UTC" beside the day and whose "Now" is UTC's, the day before for an hour in summer.
  if (checks.includes('iso_date'))
    return { widget: 'datetime', format: 'YYYY-MM-DD', date_format: 'YYYY-MM-DD', time_format: false };
  // A time of day is typed: Decap's time picker says UTC and offers "Now", neither of which an opening time is.
  if (checks.includes('iso_time')) return { widget: 'string' };
  switch (schema.type) {
    case 'string':
      return { widget: options.longText?.has(name) ? 'text' : 'string' };
    case 'number':
      // Read as typed, a whole number or not: as 'int', Decap would cut 6.5 to 6 without a word, where the build's rule
      // refuses it in its own ("a whole number of minutes").
      return { widget: 'number', value_type: 'float' };
    case 'boolean':
      return { widget: 'boolean' };
    case 'picklist':
      return { widget: 'select', options: [...(schema.options as (string | number)[])] };
    case 'strict_object':
      return { widget: 'object', collapsed: true, fields: fieldsOf(schema as never, options) };
    case 'variant':
      return { widget: 'object', collapsed: true, fields: variantFields(schema, options) };
    case 'array':
      return listOf(name, schema, options);
    default:
      throw new Error(`${name}: no widget for a ${schema.type} schema`);
  }
}

/** A list: of objects (each a row of fields), of choices (one select of many), or of texts. */
function listOf(name: string, schema: Schema, options: FieldOptions): Omit<DecapField, 'name' | 'label'> {
  const item = schema.item!;
  const exact = checksOf(schema).find((check) => check.type === 'length');
  // A list of an exact length (the six services) gains and loses no entry.
  const fixed = exact ? { allow_add: false, allow_remove: false } : {};
  // So it starts with its entries, blank, to be filled in (a new trade's six services): none could be added.
  const blanks = (blank: unknown) =>
    exact ? { default: Array.from({ length: Number(exact.requirement) }, () => blank) } : {};
  if (item.type === 'picklist') return { widget: 'select', multiple: true, options: [...(item.options as string[])] };
  const entry = singular(name);
  const list = { widget: 'list', label_singular: options.labels?.[entry] ?? labelOf(entry), ...fixed };
  if (item.type === 'strict_object' || item.type === 'variant') {
    const fields = item.type === 'variant' ? variantFields(item, options) : fieldsOf(item as never, options);
    const named = summaryFields.find((summary) => fields.some((field) => field.name === summary));
    const blank = Object.fromEntries(
      fields.map((field) => [field.name, blankOf(field)]).filter(([, value]) => value !== undefined),
    );
    return { ...list, collapsed: true, fields, ...(named && { summary: `{{fields.${named}}}` }), ...blanks(blank) };
  }
  const field = fieldOf(entry, item, options);
  return { ...list, field, ...blanks(blankOf(field)) };
}

/** A field's value in a blank entry of a list: a text empty, a list of a fixed length its blank entries, else none. */
function blankOf(field: DecapField): unknown {
  return ['string', 'text'].includes(field.widget) ? '' : field.default;
}

/** The field a collapsed entry of a list is shown by, the first of these it has. */
const summaryFields = ['title', 'name', 'label', 'heading', 'metric', 'number', 'id', 'network'];

/**
 * A value of one of several shapes told apart by a key (a job's workplace:
 * an office, or remote): the key as a choice, and the fields of every shape,
 * optional, as only the chosen shape's belong in the file.
 */
function variantFields(schema: Schema, options: FieldOptions): DecapField[] {
  const key = schema.key!;
  const shapes = schema.options as Schema[];
  const values = shapes.map((shape) => shape.entries![key]!.literal as string);
  const fields = new Map<string, DecapField>();
  for (const shape of shapes)
    for (const [name, entry] of Object.entries(shape.entries!))
      if (name !== key && !fields.has(name)) fields.set(name, { ...fieldOf(name, entry, options), required: false });
  const keyField = { name: key, label: labelOf(key), widget: 'select', options: values, required: false };
  return [keyField, ...fields.values()];
}

/** What a field must hold, in the schema's own words: its limits and its form, not that it is text or required. */
function hintOf(schema: Schema): string | undefined {
  const checks = checksOf(schema).filter((check) => check.kind === 'validation' && check.message);
  const lengths = checks.filter((check) => check.type === 'max_length').map((check) => Number(check.requirement));
  const tightest = Math.min(...lengths);
  const said = checks.filter((check) => {
    // "a non-empty text", "at least one entry": what a required field is.
    if (check.type === 'min_length') return Number(check.requirement) > 1;
    // The tightest limit only; the 5,000 characters every text may hold, and its lack of markup, go without saying.
    if (check.type === 'max_length') return Number(check.requirement) === tightest && tightest < 5_000;
    return check !== noMarkup;
  });
  const words = [...new Set(said.map((check) => check.message!))];
  return words.length > 0 ? `Expected: ${words.join('; ')}.` : undefined;
}

/** Every check piped after a schema, those of the schemas it is piped from first. */
function checksOf(schema: Schema): Check[] {
  if (!schema.pipe) return [];
  const [first, ...rest] = schema.pipe;
  return [...(first !== schema ? checksOf(first as Schema) : []), ...(rest as Check[])];
}

/** "readTime" → "Read time". */
export function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The lists whose name is no plural of their entry's. */
const entryNames: Record<string, string> = { team: 'teamMember', social: 'socialProfile' };

/** A list's entry, named after the list: "keywords" → "keyword", "aliases" → "alias", "team" → "teamMember". */
function singular(name: string): string {
  if (Object.hasOwn(entryNames, name)) return entryNames[name]!;
  if (/(?:alias|ss)es$/.test(name)) return name.slice(0, -2);
  return name.replace(/ies$/, 'y').replace(/s$/, '');
}
