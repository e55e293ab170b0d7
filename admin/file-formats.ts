/**
 * The file formats the editor reads and writes content/ in, registered with
 * Decap (https://decapcms.org/docs/custom-formatters/): a save changes only
 * the lines of the fields that changed (json-file.ts, markdown-file.ts).
 *
 * To write a file from its text as it was, the text must reach the writer,
 * which Decap hands the entry's data alone. So reading a file keeps its text
 * in the entry's data, under a key no field has; Decap carries it through
 * the form untouched (it keeps what no field names), and writing takes it
 * out again. It works whatever the backend (the local one in sitegen dev,
 * GitHub's in production): it is the text the backend gave Decap. What reads
 * the data as the site's content takes it out first (withoutFileText).
 */
import type { DecapMap } from './decap';
import { writeJson } from './json-file';
import { readMarkdown, writeMarkdown } from './markdown-file';
import type { JsonObject } from './value-changes';

/** Where an entry's data keeps its file's text as it was read: a colon is in no field's name. */
const fileText = 'sitegen:file-as-read';

/** A format as Decap calls it: `order` is the form's fields, in the form's order. */
export interface FileFormat {
  /** As the collections name it (config.ts). */
  name: string;
  extension: string;
  fromFile(text: string): JsonObject;
  toFile(data: JsonObject, order?: readonly string[]): string;
}

function format(
  name: string,
  extension: string,
  read: (text: string) => JsonObject,
  write: (text: string | undefined, data: JsonObject, order: readonly string[]) => string,
): FileFormat {
  return {
    name,
    extension,
    fromFile: (text) => ({ ...read(text), [fileText]: text }),
    toFile: ({ [fileText]: text, ...data }, order = []) =>
      write(typeof text === 'string' ? text : undefined, data, order),
  };
}

/** The JSON files of content/. */
export const jsonFormat = format('sitegen-json', 'json', (text) => JSON.parse(text) as JsonObject, writeJson);

/** The articles and legal pages: front matter and a Markdown body. */
export const markdownFormat = format('sitegen-markdown', 'md', readMarkdown, writeMarkdown);

/** The text an entry's file had when it was read, if it was read from one. */
export function fileTextOf(data: DecapMap): string | undefined {
  const text = data.get(fileText);
  return typeof text === 'string' ? text : undefined;
}

/** An entry's data as the site's content: without the file's text it was read from. */
export function withoutFileText(data: DecapMap): DecapMap {
  return data.deleteIn([fileText]);
}
