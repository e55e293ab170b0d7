/**
 * A refusal as the marketer reads it in the editor: the field it names by
 * the labels the form shows ("Jobs, entry 2 › Valid through"), rather than
 * by the file's keys ("jobs[1].validThrough"), as the build's message names
 * it for a developer. The same for every collection, from Decap's own
 * configuration (config.ts): what the form shows is what the message says.
 */
import { ContentError, messageOf } from '../src/errors';
import { optionalMark, type DecapField } from './fields';

/** Decap's collections as config.ts makes them: a folder's fields, or its files' each. */
export interface FormCollection {
  folder?: string;
  fields?: DecapField[];
  files?: { file: string; fields: DecapField[] }[];
}

/** The message of `error` with its field named as the form names it, where the form has it; else the message as it is. */
export function formMessage(error: unknown, collections: readonly FormCollection[]): string {
  if (!(error instanceof ContentError) || !error.field) return messageOf(error);
  const fields = formOf(error.file, collections);
  // A body's link is named with its line: "body: line 12" is the Body field's line 12.
  const [, path, line] = /^(?:front matter: )?(.*?)((?:: line \d+)?)$/.exec(error.field)!;
  const labels = fields && labelsOf(path!, fields);
  return labels ? `${error.file}: ${labels}${line}: ${error.problem}` : error.message;
}

/** The fields of the form `file` is edited with: a file's own, or its folder's (a new article's too, named by its folder). */
function formOf(file: string, collections: readonly FormCollection[]): DecapField[] | undefined {
  for (const collection of collections) {
    if (collection.folder && file.startsWith(collection.folder) && /^[/ ]/.test(file.slice(collection.folder.length)))
      return collection.fields;
    const edited = collection.files?.find((candidate) => candidate.file === file);
    if (edited) return edited.fields;
  }
  return undefined;
}

/** "jobs[1].validThrough" → "Jobs, entry 2 › Valid through"; undefined if the form has no such field. */
function labelsOf(path: string, top: DecapField[]): string | undefined {
  const words: string[] = [];
  let fields: DecapField[] | undefined = top;
  let list: DecapField | undefined;
  for (const [, key, index] of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (index !== undefined) {
      if (!list) return undefined;
      words[words.length - 1] += `, entry ${Number(index) + 1}`;
      fields = list.fields;
      list = undefined;
      continue;
    }
    const field: DecapField | undefined = fields?.find((candidate) => candidate.name === key);
    if (!field) return undefined;
    // An image's file (src) is the image its part of the form is labelled as: "Business image", not "… › Image".
    if (field.name !== 'src' || words.length === 0) words.push(field.label.replace(optionalMark, ''));
    list = field.widget === 'list' || field.multiple ? field : undefined;
    fields = field.fields;
  }
  return words.length > 0 ? words.join(' › ') : undefined;
}
