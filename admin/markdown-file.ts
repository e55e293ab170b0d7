/**
 * An article's or legal page's file (front matter, then a Markdown body)
 * read for the editor and written from its text as it was, changing only
 * what changed (value-changes.ts): a front-matter key whose value changed is
 * written again on its own lines, in the style it had (its quotes, a list
 * inline or one item a line, no line folded); a key taken out goes with its
 * lines, a new one goes after the key before it in the form. Every other
 * line stays as it was, and the body too unless it changed.
 *
 * The YAML is read and written by the `yaml` package: its nodes keep each
 * value's style and where it stands in the text.
 */
import { diffArrays } from 'diff';
import { Document, isMap, isScalar, isSeq, parse, parseDocument, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';
import { frontMatterPlaces } from '../src/content/front-matter';
import { changesBetween, inOrder, isRecord, type Change, type JsonObject } from './value-changes';

/**
 * How a value the file did not have is written: strings in double quotes, as
 * the content's files write them (a date stays a text, never a YAML date),
 * lists of texts inline, and no line folded.
 */
const style = {
  lineWidth: 0,
  flowCollectionPadding: false,
  defaultStringType: 'QUOTE_DOUBLE',
  defaultKeyType: 'PLAIN',
} as const;

/**
 * The front matter's values and, as `body`, the Markdown after it: the entry's data as Decap's forms hold it. The
 * blank line after the front matter is left out: Decap's Markdown editor shows it as an empty first line, and words
 * typed there land apart, on that line and in the middle of the body. Writing the file keeps it (mergedBody).
 */
export function readMarkdown(text: string): JsonObject {
  const places = frontMatterPlaces(text);
  if (!places) return { body: text };
  const data: unknown = parse(text.slice(places.start, places.end));
  return { ...(isRecord(data) ? data : {}), body: withoutLead(text.slice(places.body)) };
}

const withoutLead = (body: string) => body.replace(/^\n+/, '');

/**
 * The file's new text: `text` (the file as it was read) with `data`'s front
 * matter and body in place of its own; with no text, a new file, its keys in
 * `order` (Decap's fields).
 */
export function writeMarkdown(text: string | undefined, data: JsonObject, order: readonly string[] = []): string {
  const { body, ...frontMatter } = data;
  const newBody = typeof body === 'string' ? body : '';
  const places = text === undefined ? undefined : frontMatterPlaces(text);
  // A new file as the others are written: a blank line between its front matter and its body.
  if (text === undefined || !places) return `---\n${newYaml(inOrder(frontMatter, order))}---\n\n${newBody}`;
  const oldBody = text.slice(places.body);
  const yaml = editYaml(text.slice(places.start, places.end), frontMatter, order);
  return text.slice(0, places.start) + yaml + text.slice(places.end, places.body) + mergedBody(oldBody, newBody);
}

/**
 * The body Decap gives back, written over the old one line by line. Decap's
 * Markdown widget writes a whole body again in its own style (every list item
 * "* ", a table's cells padded, no blank line after the front matter), so a
 * line that means what it meant keeps its old text, and only the lines that
 * changed are written anew.
 */
function mergedBody(oldBody: string, newBody: string): string {
  if (newBody === withoutLead(oldBody)) return oldBody;
  const [lead, oldLines] = splitLines(oldBody);
  const [, newLines] = splitLines(newBody);
  const merged: string[] = [];
  let [oldAt, newAt] = [0, 0];
  for (const { added, removed, count } of diffArrays(oldLines.map(meaningOf), newLines.map(meaningOf))) {
    if (added) merged.push(...newLines.slice(newAt, newAt + count));
    else if (!removed) merged.push(...oldLines.slice(oldAt, oldAt + count));
    if (!added) oldAt += count;
    if (!removed) newAt += count;
  }
  return `${lead}${merged.join('\n')}${oldBody.endsWith('\n') ? '\n' : ''}`;
}

/** A body's blank lines before its first words, and its lines from there, without the end's line break. */
function splitLines(body: string): [lead: string, lines: string[]] {
  const lead = /^\n*/.exec(body)![0];
  return [lead, body.slice(lead.length).replace(/\n+$/, '').split('\n')];
}

/** A line as Markdown reads it, whichever way it is written: a list item's marker, a table's padding and trailing spaces aside. */
function meaningOf(line: string): string {
  const trimmed = line.trimEnd().replace(/^(\s*)[*+-]\s+/, '$1- ');
  if (!trimmed.startsWith('|')) return trimmed;
  return trimmed
    .split('|')
    .map((cell) => cell.trim().replace(/^(:?)-+(:?)$/, '$1---$2'))
    .join('|');
}

/** A front matter written whole, in the style above. */
function newYaml(data: JsonObject): string {
  const doc = new Document();
  doc.contents = newNode(doc, data);
  return doc.toString(style);
}

type Added = Extract<Change, { kind: 'add' }>;

/**
 * `source` with `data` in place of its values: each top-level key whose
 * value changed written again, the others' lines (and the comments and blank
 * lines between them) kept.
 */
function editYaml(source: string, data: JsonObject, order: readonly string[]): string {
  const doc = parseDocument(source);
  const map = doc.contents;
  const changes = changesBetween(doc.toJS(), data, order);
  if (changes.length === 0) return source;
  // A front matter not written a key a line (a flow map), or emptied, has no lines to keep: written whole, in its style.
  if (!isMap(map) || map.flow || changes.some((change) => change.path.length === 0)) {
    changes.forEach((change) => applyChange(doc, change));
    return doc.toString(style);
  }
  const pairs = [...map.items];
  const topLevel = (change: Change, kind: Change['kind']) => change.path.length === 1 && change.kind === kind;
  const removed = new Set(
    changes.filter((change) => topLevel(change, 'remove')).map((change) => String(change.path[0])),
  );
  const added = changes.filter((change): change is Added => topLevel(change, 'add'));
  const edits = changes.filter((change) => !topLevel(change, 'remove') && !topLevel(change, 'add'));
  edits.forEach((change) => applyChange(doc, change));
  const edited = new Set(edits.map((change) => String(change.path[0])));
  // The keys new to the file after `key`, each followed by those after it.
  const addedAfter = (key: string | undefined): string =>
    added
      .filter((change) => change.after === key)
      .map((change) => {
        const name = String(change.path[0]);
        return pairText(doc.createPair(name, newNode(doc, change.value))) + addedAfter(name);
      })
      .join('');
  let text = '';
  let kept = 0;
  for (const pair of pairs) {
    const key = keyOf(pair);
    const [start, end] = placeOf(source, pair);
    text += source.slice(kept, start);
    if (!removed.has(key)) text += edited.has(key) ? pairText(pair) : source.slice(start, end);
    kept = end;
    text += addedAfter(key);
  }
  return text + source.slice(kept) + addedAfter(undefined);
}

/** A change made to the YAML's nodes: a scalar set keeps its node, and so its quotes. */
function applyChange(doc: Document, change: Change): void {
  const { path } = change;
  switch (change.kind) {
    case 'set':
      doc.setIn(
        path,
        isRecord(change.value) || Array.isArray(change.value) ? newNode(doc, change.value) : change.value,
      );
      return;
    case 'remove':
      doc.deleteIn(path);
      return;
    case 'add':
      doc.setIn(path, newNode(doc, change.value));
      return;
    case 'insert': {
      const list = doc.getIn(path.slice(0, -1), true) as YAMLSeq;
      const index = Number(path.at(-1));
      const item = newNode(doc, change.value);
      // Written in the quotes of the item it goes beside.
      const neighbour = list.items[index] ?? list.items[index - 1];
      if (isScalar(item) && isScalar(neighbour) && typeof item.value === 'string') item.type = neighbour.type;
      list.items.splice(index, 0, item);
    }
  }
}

/** A value new to the file as a node: a list of texts or numbers inline, as the content's files write keywords. */
function newNode(doc: Document, value: unknown) {
  const node = doc.createNode(value);
  const inline = (item: unknown) => {
    if (isSeq(item) && item.items.every((entry) => isScalar(entry))) item.flow = true;
    if (isSeq(item) || isMap(item)) item.items.forEach((entry) => inline(isMap(item) ? (entry as Pair).value : entry));
  };
  inline(node);
  return node;
}

function keyOf(pair: Pair): string {
  return String(isScalar(pair.key) ? pair.key.value : pair.key);
}

/** Where a top-level key's lines are: from its key to the end of its value's last line (a comment after it included). */
function placeOf(source: string, pair: Pair): [number, number] {
  const key = pair.key as { range: [number, number, number] };
  const value = pair.value as { range?: [number, number, number] } | null;
  const end = value?.range?.[2] ?? key.range[2];
  const lineEnd = source.indexOf('\n', end - 1);
  return [key.range[0], source[end - 1] === '\n' || lineEnd === -1 ? end : lineEnd + 1];
}

/** One key and its value, written as YAML on lines of their own; the comment above it stays where it was. */
function pairText(pair: Pair): string {
  const doc = new Document();
  const copy = pair.clone();
  if (isScalar(copy.key)) {
    copy.key.commentBefore = undefined;
    copy.key.spaceBefore = false;
  }
  const map = doc.createNode({}) as YAMLMap;
  map.items.push(copy);
  doc.contents = map;
  return doc.toString(style);
}
