/**
 * What the tests of the editor's file writers read and compare: a file of
 * content/ as it is, the lines an edit changed, and a value with its keys in
 * another order, as Decap's Immutable maps hand them back past eight keys.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../../admin/value-changes';
import { projectRoot } from './cli';

export const content = (path: string) => readFileSync(join(projectRoot, 'content', path), 'utf8');

/** The lines that differ between two texts, as one change between the lines both keep before and after it. */
export function lineChanges(before: string, after: string): { removed: string[]; added: string[] } {
  const a = before.split('\n');
  const b = after.split('\n');
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let end = 0;
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++;
  return { removed: a.slice(start, a.length - end), added: b.slice(start, b.length - end) };
}

/** `value` with every object's keys in reverse: the order the file has them is not the order the editor hands them back in. */
export function scrambled<T>(value: T): T {
  if (Array.isArray(value)) return value.map(scrambled) as T;
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .reverse()
      .map((key) => [key, scrambled(value[key])]),
  ) as T;
}
