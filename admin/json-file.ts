/**
 * A JSON file of content/ written from its text as it was, changing only the
 * parts that changed (value-changes.ts): a changed value is replaced where it
 * stands, a key or list item taken out goes with its line, a new one is laid
 * out as its neighbours are (on its own line in a list of lines, inline in an
 * inline object). Every other byte stays, keys' order and layout included.
 * jsonc-parser finds each part's place in the text.
 */
import { applyEdits, findNodeAtLocation, parseTree, type Edit, type Node } from 'jsonc-parser';
import { changesBetween, inOrder, isRecord, type Change } from './value-changes';

/**
 * The file's new text: `text` (the file as it was read) with `value` in
 * place of what it held; with no text, `value` written as JSON, its keys in
 * `order` (Decap's fields) first.
 */
export function writeJson(text: string | undefined, value: unknown, order: readonly string[] = []): string {
  if (text === undefined) return `${JSON.stringify(isRecord(value) ? inOrder(value, order) : value, null, 2)}\n`;
  let edited = text;
  for (const change of changesBetween(JSON.parse(text), value, order))
    edited = applyEdits(edited, [editFor(edited, change)]);
  return edited;
}

function editFor(text: string, change: Change): Edit {
  const root = parseTree(text)!;
  const node = (path: Change['path']) => {
    const found = findNodeAtLocation(root, [...path]);
    if (!found) throw new Error(`JSON: nothing at ${path.join('.')} to change`);
    return found;
  };
  switch (change.kind) {
    case 'set': {
      const old = node(change.path);
      const layout = { multiline: spansLines(text, old), indent: indentAt(text, old.offset), unit: indentUnit(text) };
      return { offset: old.offset, length: old.length, content: jsonText(change.value, layout) };
    }
    case 'remove':
      return removal(node(change.path));
    case 'add':
    case 'insert':
      return insertion(text, node(change.path.slice(0, -1)), change);
  }
}

/** A key (its property) or a list item taken out, with the separator and line break that went with it. */
function removal(value: Node): Edit {
  const entry = value.parent?.type === 'property' ? value.parent : value;
  const siblings = entry.parent!.children!;
  const index = siblings.indexOf(entry);
  const next = siblings[index + 1];
  if (next) return { offset: entry.offset, length: next.offset - entry.offset, content: '' };
  // The last one: from the end of the one before it (value-changes.ts never takes out an only one: it puts in first).
  const previous = siblings[index - 1]!;
  const from = previous.offset + previous.length;
  return { offset: from, length: entry.offset + entry.length - from, content: '' };
}

/** A key or list item put into `container` (never empty: value-changes.ts writes an emptied one whole), laid out as its neighbours are. */
function insertion(text: string, container: Node, change: Extract<Change, { kind: 'add' | 'insert' }>): Edit {
  const entries = container.children!;
  const last = change.path.at(-1)!;
  const index = change.kind === 'insert' ? Number(last) : placeAfter(entries, change.after);
  const neighbour = entries[Math.min(index, entries.length - 1)]!;
  const multiline = text.slice(container.offset, entries[0]!.offset).includes('\n');
  const indent = multiline ? indentAt(text, entries[0]!.offset) : '';
  // A new value is laid out over lines only where its neighbours are: a list of one-line objects gains one more.
  const neighbourValue = neighbour.type === 'property' ? neighbour.children?.[1] : neighbour;
  const layout = {
    multiline: multiline && (!neighbourValue || spansLines(text, neighbourValue)),
    indent,
    unit: indentUnit(text),
  };
  const entry = (change.kind === 'add' ? `${JSON.stringify(last)}: ` : '') + jsonText(change.value, layout);
  const separator = multiline ? `,\n${indent}` : ', ';
  if (index < entries.length) return { offset: entries[index]!.offset, length: 0, content: entry + separator };
  const end = neighbour.offset + neighbour.length;
  return { offset: end, length: 0, content: separator + entry };
}

/** The place just after the property named `key`; the last place without one. */
function placeAfter(properties: Node[], key: string | undefined): number {
  const found = key === undefined ? -1 : properties.findIndex((property) => property.children?.[0]?.value === key);
  return found === -1 ? properties.length : found + 1;
}

interface Layout {
  /** Over lines, or on one. */
  multiline: boolean;
  /** The indentation of the line the value starts on. */
  indent: string;
  /** One level of the file's indentation. */
  unit: string;
}

function jsonText(value: unknown, { multiline, indent, unit }: Layout): string {
  if (multiline) return JSON.stringify(value, null, unit).replaceAll('\n', `\n${indent}`);
  return inline(value);
}

/** A value on one line, spaced as Prettier writes JSON: `{ "a": 1, "b": [1, 2] }`. */
function inline(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(inline).join(', ')}]`;
  if (!isRecord(value)) return JSON.stringify(value);
  const entries = Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}: ${inline(item)}`);
  return entries.length > 0 ? `{ ${entries.join(', ')} }` : '{}';
}

function spansLines(text: string, node: Node): boolean {
  return text.slice(node.offset, node.offset + node.length).includes('\n');
}

/** The spaces (or tabs) that begin the line `offset` is on. */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart, offset))![0];
}

/** The file's first indentation, taken as one level of it; two spaces in a file with none. */
function indentUnit(text: string): string {
  return /\n([ \t]+)\S/.exec(text)?.[1] ?? '  ';
}
