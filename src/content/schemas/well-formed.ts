/**
 * What every text of content may hold, whatever its field: well-formed
 * Unicode and no control character but tab and line breaks; and how deep its
 * lists and objects may nest. Checked by one walk over a parsed file
 * (validate runs it before the schema), which reaches every string, field
 * names and unknown fields too, before any message quotes one back to the
 * terminal, and bounds the nesting a schema never looks past. A Markdown
 * body's text is checked as the file is read (findUnsafeMarkdownText).
 */

/**
 * A lone surrogate is half of a character outside the Basic Multilingual
 * Plane (most emoji): a tool that cuts a text inside one leaves it, and no
 * encoder can write it (encodeURIComponent throws; a page would show U+FFFD).
 * With the u flag, [\uD800-\uDFFF] matches only a surrogate that is not half
 * of a pair. A carriage return is part of a line ending only before a line
 * feed (a file saved with CRLF line endings).
 */
const unsafeCharacter = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|\r(?!\n)|[\uD800-\uDFFF]/u;

/** The deepest a file's lists and objects may nest: content needs a few levels at most, and parsers recurse. */
const maxNesting = 32;

/** What a file nested past maxNesting is told. */
export const nestedTooDeep = `nests lists or objects deeper than ${maxNesting} levels, where content needs a few at most`;

/** How much of the path to a value nested too deep is named: more than any content file's fields nest. */
const namedLevels = 8;

/** The first character no text may hold: where it is (a UTF-16 index) and its code. */
export function findUnsafeCharacter(text: string): { index: number; code: number } | undefined {
  const match = unsafeCharacter.exec(text);
  return match ? { index: match.index, code: match[0].charCodeAt(0) } : undefined;
}

/** What is wrong with the character, where it is ("at character 4", "at line 3 column 7"), and what to do. */
export function describeUnsafeCharacter({ code }: { code: number }, where: string): string {
  const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  if (code >= 0xd800 && code <= 0xdfff)
    return `holds a lone surrogate (${name}) ${where}, half of a character (an emoji, say) cut in two: write the whole character or remove it`;
  if (code === 0x0d)
    return `holds a carriage return (${name}) ${where} with no line feed after it: lines end in LF or CR LF`;
  return `holds the control character ${name} ${where}: remove it`;
}

/** The position of `index` in `text` as people count: the first character is 1, and a character outside the BMP is one. */
function characterNumber(text: string, index: number): number {
  return [...text.slice(0, index)].length + 1;
}

/** The line and column of `index` in a file's text, as an editor shows them. */
export function lineAndColumn(text: string, index: number): string {
  const before = text.slice(0, index);
  const lineStart = before.lastIndexOf('\n') + 1;
  return `line ${before.split('\n').length} column ${characterNumber(before.slice(lineStart), index - lineStart)}`;
}

/** What is wrong in a parsed value: the field, as messages name it ("jobs[2].title"), and the problem. */
export interface IllFormed {
  field: string;
  problem: string;
}

type Path = (string | number)[];

/**
 * The first string (or field name) holding an unsafe character, or the first
 * list or object nested deeper than maxNesting, in a parsed file. A YAML
 * alias can make a value appear in many places, or inside itself: a value
 * is walked again only when met deeper than before, so the walk ends, and
 * does not repeat an alias's value for every place it appears.
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
    return undefined;
  };
  return visit(data, 1);
}

function stringProblem(text: string, path: Path): IllFormed | undefined {
  const found = findUnsafeCharacter(text);
  if (!found) return undefined;
  return {
    field: fieldName(path),
    problem: describeUnsafeCharacter(found, `at character ${characterNumber(text, found.index)}`),
  };
}

/** Lists and plain objects, as JSON and YAML make them; a YAML date or binary value is a leaf for the schema to judge. */
function isListOrObject(value: unknown): value is unknown[] | Record<string, unknown> {
  if (Array.isArray(value)) return true;
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/**
 * The field a value nested too deep is in: its path down to the last field
 * name within the levels real content has, so that the message leads to the
 * place ("title", "jobs[2].requirements") rather than through 32 levels of
 * "[0]".
 */
function fieldHolding(path: Path): Path {
  const named = path.slice(0, namedLevels);
  return named.slice(0, named.findLastIndex((key) => typeof key === 'string') + 1);
}

/** A path as validate names fields: names joined by dots, list positions in brackets. */
function fieldName(path: Path): string {
  if (path.length === 0) return '(top level)';
  return path.map((key, at) => (typeof key === 'number' ? `[${key}]` : at === 0 ? key : `.${key}`)).join('');
}
