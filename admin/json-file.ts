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
      const layout = { text, indent: indentAt(text, old.offset), unit: indentUnit(text) };
      return { offset: old.offset, length: old.length, content: jsonText(change.value, old, layout) };
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
  // A new value is laid out as its neighbour is, part by part: a list of one-line objects gains one more, and a new
  // job's one-line workplace is on one line as the other jobs' are.
  const model = !multiline ? undefined : neighbour.type === 'property' ? neighbour.children?.[1] : neighbour;
  const value = jsonText(change.value, model, { text, indent, unit: indentUnit(text) });
  const entry = (change.kind === 'add' ? `${JSON.stringify(last)}: ` : '') + value;
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
  /** The file's text, which the model nodes are parts of. */
  text: string;
  /** The indentation of the line the value starts on. */
  indent: string;
  /** One level of the file's indentation. */
  unit: string;
}

/**
 * `value` laid out as `model` (the value it replaces, or a neighbour's) is: over lines where it is, each part as the
 * model's part of that key or place is; on one line where it is, or where there is no model.
 */
function jsonText(value: unknown, model: Node | undefined, layout: Layout): string {
  const { text, indent, unit } = layout;
  if (!model || !spansLines(text, model) || !(isRecord(value) || Array.isArray(value))) return inline(value);
  const inner = { ...layout, indent: indent + unit };
  const parts = model.children ?? [];
  const items = Array.isArray(value)
    ? value.map((item, index) => jsonText(item, parts[Math.min(index, parts.length - 1)], inner))
    : Object.entries(value).map(([key, item]) => {
        const property = parts.find((part) => part.children?.[0]?.value === key);
        return `${JSON.stringify(key)}: ${jsonText(item, property?.children?.[1], inner)}`;
      });
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return `${open}\n${items.map((item) => inner.indent + item).join(',\n')}\n${indent}${close}`;
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
