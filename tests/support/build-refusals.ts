/**
 * What the tests of a build refusing bad input share (tests/site/refusals-*.test.ts): a case as a row of a table,
 * the test each row runs, the two rows the process's own test takes, and how long a case may take.
 */
import { expect } from 'vitest';
import { contentWorkspace } from './workspace';

/** A case of bad input: its name, the content file it changes, the change, and the line the build prints. */
export type BadInput = [string, string, (text: string) => string, RegExp];

// A case builds the site up to five times, in this process, beside the other cases running at once: on a machine
// busy with other work that takes minutes, not seconds. How long it takes is not what it tests.
export const buildCaseTimeout = 180_000;

export const brokenFrontMatter: BadInput = [
  'broken front matter',
  'blog/google-ads-guide.md',
  (text) => text.replace('title: "', 'title: [unclosed "'),
  /content\/blog\/google-ads-guide\.md: front matter: is not valid YAML/,
];

export const quotedDraftFlag: BadInput = [
  'a draft flag in quotes',
  'blog/google-ads-guide.md',
  (text) => text.replace(/^featured: .*$/m, '$&\ndraft: "false"'),
  /content\/blog\/google-ads-guide\.md: front matter: draft: expected true or false, found "false", in quotes: write it without them\n$/,
];

export const deadNavigationLink: BadInput = [
  'a link in the navigation to a page that does not exist',
  'navigation.json',
  (text) => text.replace('"href": "/about" }', '"href": "/about-us" }'),
  /content\/navigation\.json: header\[1\]\.href: links to "\/about-us", which is not a page of this site/,
];

/**
 * A row's test: each rule as the build applies it, in this process (support/workspace.ts): the line the executable
 * prints.
 */
export async function stopsTheBuild(...[, file, change, message]: BadInput): Promise<void> {
  const site = await contentWorkspace();
  await site.edit(file, change);
  const refusal = await site.refusal();
  expect(refusal).toMatch(message);
  expect(refusal).toMatch(/^sitegen: [^\n]+\n$/);
}
