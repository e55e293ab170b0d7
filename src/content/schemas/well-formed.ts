/**
 * What every text of content may hold: well-formed Unicode, no control character but tab and line breaks, and nesting
 * within bounds. One walk over a parsed file, before the schema, reaches every string, field names and unknown fields
 * too, before any message quotes one back to the terminal, and bounds the nesting a schema never looks past.
 */

/**
 * A lone surrogate is left by a tool that cuts a text inside an emoji, and no encoder can write it (encodeURIComponent
 * throws; a page would show U+FFFD); with the u flag, [\uD800-\uDFFF] matches only a surrogate that is not half of a
 * pair. A carriage return belongs to a line ending only before a line feed.
 */
const unsafeCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)|[\uD800-\uDFFF]/u;

/** The deepest a file's lists and objects may nest: content needs a few levels at most, and parsers recurse. */
const maxNesting = 32;

export const nestedTooDeep = `nests lists or objects deeper than ${maxNesting} levels, where content needs a few at most`;

/** How much of the path to a value nested too deep is named: more than any content file's fields nest. */
const namedLevels = 8;

/** `index` counts UTF-16 units. */
export function findUnsafeCharacter(text: string): { index: number; code: number } | undefined {
  const match = unsafeCharacter.exec(text);
  return match ? { index: match.index, code: match[0].charCodeAt(0) } : undefined;
}

/** `where` is "at character 4" or "at line 3 column 7". */
export function describeUnsafeCharacter({ code }: { code: number }, where: string): string {
  const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code >= 0xd800 && code <= 0xdfff)
    return `holds a lone surrogate (${name}) ${where}, half of a character (an emoji, say) cut in two: write the whole character or remove it`;
  if (code === 0x0d)
    return `holds a carriage return (${name}) ${where} with no line feed after it: lines end in LF or CR LF`;
  return `holds the control character ${name} ${where}: remove it`;
}

/** As people count: the first character is 1, and a character outside the BMP is one. */
const characterNumber = (text: string, index: number): number => [...text.slice(0, index)].length + 1;

export function lineAndColumn(text: string, index: number): string {
  const before = text.slice(0, index);
  const lineStart = before.lastIndexOf('\n') + 1;
  return `line ${before.split('\n').length} column ${characterNumber(before.slice(lineStart), index - lineStart)}`;
}

/** `field` as messages name it: "jobs[2].title". */
export type IllFormed = { field: string; problem: string };

type Path = (string | number)[];

/**
 * A YAML alias can make a value appear in many places, or inside itself: a value is walked again only when met deeper
 * than before, so the walk ends, and does not repeat an alias's value for every place it appears.
 */
export function findIllFormed(data: unknown): IllFormed | undefined {
  const deepestVisit = new Map<object, number>();
  const path: Path = [];
  const visit = (value: unknown, depth: number): IllFormed | undefined => {
    if (typeof value === 'string') return stringProblem(value, path);
    if (!isListOrObject(value)) return undefined;
    if (depth > maxNesting) return { field: fieldName(fieldHolding(path)), problem: nestedTooDeep };
    if ((deepestVisit.get(value) ?? 0) >= depth) return undefined;
    deepestVisit.set(value, depth);
    for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
      const keyProblem = typeof key === 'string' ? stringProblem(key, path) : undefined;
      if (keyProblem) return { ...keyProblem, problem: `the name of one of its fields ${keyProblem.problem}` };
      path.push(key);
      const problem = visit(item, depth + 1);
      path.pop();
      if (problem) return problem;
    }
  };
  return visit(data, 1);
}

function stringProblem(text: string, path: Path): IllFormed | undefined {
  const found = findUnsafeCharacter(text);
  if (!found) return undefined;
  const where = `at character ${characterNumber(text, found.index)}`;
  return { field: fieldName(path), problem: describeUnsafeCharacter(found, where) };
}

/** Lists and plain objects, as JSON and YAML make them; a YAML date or binary value is a leaf for the schema to judge. */
function isListOrObject(value: unknown): value is unknown[] | Record<string, unknown> {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** Cut at the last field name within namedLevels: a message names "jobs[2].requirements", not 32 levels of "[0]". */
function fieldHolding(path: Path): Path {
  const named = path.slice(0, namedLevels);
  return named.slice(0, named.findLastIndex((key) => typeof key === 'string') + 1);
}

/** A field as content errors name it (validate.ts too): names joined by dots, list positions in brackets. */
export function fieldName(path: Path): string {
  if (path.length === 0) return '(top level)';
  return path.map((key, at) => (typeof key === 'number' ? `[${key}]` : at === 0 ? key : `.${key}`)).join('');
}
