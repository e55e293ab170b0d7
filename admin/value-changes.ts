/**
 * What changed between a file's value as it was read and as the editor
 * saves it, as edits of its parts: a value set, a key or an item taken out,
 * a key or an item put in. The file writers (json-file.ts, markdown-file.ts)
 * make each edit in the file's text and leave the rest as it was.
 *
 * Values are compared, never their keys' order: Decap holds an entry as
 * Immutable maps, which lose their keys' order past eight keys. A value new
 * to the file takes its keys' order from its neighbours in the file.
 */

export type Path = readonly (string | number)[];

export type Change =
  /** The value at `path` replaced. */
  | { kind: 'set'; path: Path; value: unknown }
  /** The key or list item at `path` taken out, with its place. */
  | { kind: 'remove'; path: Path }
  /** A key new to its object, at the end of `path`: placed after the key `after`, or last. */
  | { kind: 'add'; path: Path; value: unknown; after: string | undefined }
  /** An item new to its list, at the index that ends `path`. */
  | { kind: 'insert'; path: Path; value: unknown };

export type JsonObject = { [key: string]: unknown };

export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether two values read from JSON or YAML are the same, whatever the order of their keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key]))
  );
}

/**
 * The changes that make `before` into `after`, in the order they are made:
 * each path names a part of the value as the changes before it left it.
 * `order`: the top-level keys in the order a new one is placed by (Decap's
 * fields, as the form shows them).
 */
export function changesBetween(before: unknown, after: unknown, order: readonly string[] = []): Change[] {
  const walk: Walk = { changes: [], order };
  compare(before, after, [], walk);
  return walk.changes;
}

/** The changes found so far, and the order of the top-level keys. */
interface Walk {
  changes: Change[];
  order: readonly string[];
}

function compare(before: unknown, after: unknown, path: Path, walk: Walk) {
  if (sameValue(before, after)) return;
  const bothRecords = isRecord(before) && isRecord(after);
  const bothLists = Array.isArray(before) && Array.isArray(after);
  // A list or object filled from empty, or emptied, is written whole: it has no neighbour to take its layout from.
  if ((bothRecords || bothLists) && (isEmpty(before) || isEmpty(after)))
    walk.changes.push({ kind: 'set', path, value: after });
  else if (bothRecords) compareRecords(before, after, path, walk);
  else if (bothLists) compareLists(before, after, path, walk);
  else walk.changes.push({ kind: 'set', path, value: orderedLike(after, before) });
}

function compareRecords(before: JsonObject, after: JsonObject, path: Path, walk: Walk) {
  const { changes } = walk;
  for (const key of Object.keys(before))
    if (!Object.hasOwn(after, key)) changes.push({ kind: 'remove', path: [...path, key] });
  const added: string[] = [];
  for (const [key, value] of Object.entries(after)) {
    if (Object.hasOwn(before, key)) compare(before[key], value, [...path, key], walk);
    else added.push(key);
  }
  // New keys in the form's order, each after the last key before it in that order that the object has.
  const order = path.length === 0 ? walk.order : [];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  const present = new Set(Object.keys(before).filter((key) => Object.hasOwn(after, key)));
  for (const key of added.sort((a, b) => rank(a) - rank(b))) {
    const earlier = order.slice(0, Math.max(0, order.indexOf(key))).filter((name) => present.has(name));
    changes.push({ kind: 'add', path: [...path, key], value: after[key], after: earlier.at(-1) });
    present.add(key);
  }
}

/**
 * Lists are compared by their unchanged first and last items: the items
 * between, if as many as before, are compared one by one; otherwise the new
 * ones are put in before them and they are then taken out, so that the list
 * is never left empty (a file writer takes an item out beside a neighbour)
 * and each new item takes its layout from one.
 */
function compareLists(before: unknown[], after: unknown[], path: Path, walk: Walk) {
  const { changes } = walk;
  let start = 0;
  while (start < before.length && start < after.length && sameValue(before[start], after[start])) start++;
  let end = 0;
  const fromEnd = (list: unknown[]) => list[list.length - 1 - end];
  while (end < before.length - start && end < after.length - start && sameValue(fromEnd(before), fromEnd(after))) end++;
  const removed = before.length - start - end;
  const added = after.length - start - end;
  if (removed === added) {
    for (let index = start; index < start + added; index++)
      compare(before[index], after[index], [...path, index], walk);
    return;
  }
  for (let index = start; index < start + added; index++)
    changes.push({ kind: 'insert', path: [...path, index], value: orderedLike(after[index], before[0]) });
  for (let index = start + added + removed - 1; index >= start + added; index--)
    changes.push({ kind: 'remove', path: [...path, index] });
}

function isEmpty(value: JsonObject | unknown[]): boolean {
  return Array.isArray(value) ? value.length === 0 : Object.keys(value).length === 0;
}

/** `value` with its keys, at every depth, in the order `model` has them (a neighbour in the file); keys new to it last. */
function orderedLike(value: unknown, model: unknown): unknown {
  if (Array.isArray(value))
    return value.map((item, index) => orderedLike(item, Array.isArray(model) ? (model[index] ?? model[0]) : undefined));
  if (!isRecord(value)) return value;
  const modelKeys = isRecord(model) ? Object.keys(model) : [];
  return Object.fromEntries(
    Object.entries(inOrder(value, modelKeys)).map(([key, item]) => [
      key,
      orderedLike(item, isRecord(model) ? model[key] : undefined),
    ]),
  );
}

/** `value`'s keys in `order` first (Decap's fields), the others after them as they come. */
export function inOrder(value: JsonObject, order: readonly string[]): JsonObject {
  const keys = [
    ...order.filter((key) => Object.hasOwn(value, key)),
    ...Object.keys(value).filter((key) => !order.includes(key)),
  ];
  return Object.fromEntries(keys.map((key) => [key, value[key]]));
}
