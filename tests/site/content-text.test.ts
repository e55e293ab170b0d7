/**
 * Text no page can hold (a lone surrogate, a control character, nesting past
 * 32 levels) stops the build with one line naming the file, the field and
 * where; a message quoting content keeps to one line; a file saved with CRLF
 * line endings builds. Each checked in this process as the build checks it
 * (support/workspace.ts); what the process shows of a refusal, exit code 1
 * and the previous output untouched, is refusals-process.test.ts's.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../support/fingerprint';
import { siteDir } from '../support/site';
import { contentWorkspace, removeWorkspaces, workspace } from '../support/workspace';

afterAll(removeWorkspaces);

describe('text no page can hold', () => {
  const deeply = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const nested = 'nests lists or objects deeper than 32 levels, where content needs a few at most';
  const refused: [string, string, (text: string) => string, string][] = [
    [
      'a lone surrogate in a job title, as a tool that cuts a text inside an emoji leaves it',
      'jobs.json',
      (text) => text.replace('"title": "Account Manager"', '"title": "Account Manag\\ud800er"'),
      'jobs[2].title: holds a lone surrogate (U+D800) at character 14, half of a character (an emoji, say) cut in two: write the whole character or remove it',
    ],
    [
      'a NUL in the navigation, which every page shows',
      'navigation.json',
      (text) => text.replace('"skipLink": "Skip to', '"skipLink": "Skip\\u0000 to'),
      'skipLink: holds the control character U+0000 at character 5: remove it',
    ],
    [
      'a control character in the name of a field',
      'site.json',
      (text) => text.replace('"tagline"', '"tag\\u0007line"'),
      '(top level): the name of one of its fields holds the control character U+0007 at character 4: remove it',
    ],
    [
      'a C1 control character left by text decoded with the wrong encoding',
      'team.json',
      (text) => text.replace('"Founder & Managing Director"', '"Founder \u0085 Managing Director"'),
      'team[0].role: holds the control character U+0085 at character 9: remove it',
    ],
    [
      'a NUL byte in the body of an article',
      'blog/google-ads-guide.md',
      (text) => text.replace('Google Ads is the fastest', 'Google Ads is\0 the fastest'),
      'body: holds the control character U+0000 at line 16 column 14: remove it',
    ],
    [
      'a carriage return that ends no line in the body of an article',
      'blog/google-ads-guide.md',
      (text) => text.replace('Google Ads is the fastest', 'Google Ads is\r the fastest'),
      'body: holds a carriage return (U+000D) at line 16 column 14 with no line feed after it: lines end in LF or CR LF',
    ],
    [
      'a NUL written as a YAML escape in front matter',
      'blog/google-ads-guide.md',
      (text) => text.replace('author: "James Thompson"', 'author: "James\\0 Thompson"'),
      'front matter: author: holds the control character U+0000 at character 6: remove it',
    ],
    [
      'front matter nested 10,000 levels deep, past what YAML’s parser can read',
      'blog/google-ads-guide.md',
      (text) => text.replace(/^keywords: .*$/m, `keywords: ${deeply(10_000)}`),
      `front matter: is not valid YAML (it ${nested})`,
    ],
    [
      'front matter nested 40 levels deep',
      'blog/google-ads-guide.md',
      (text) => text.replace(/^keywords: .*$/m, `keywords: ${deeply(40)}`),
      `front matter: keywords: ${nested}`,
    ],
    [
      'a JSON file nested 10,000 levels deep',
      'navigation.json',
      (text) => text.replace('"skipLink": "Skip to main content"', `"skipLink": ${deeply(10_000)}`),
      `skipLink: ${nested}`,
    ],
  ];
  it.concurrent.each(refused)(
    '%s stops the build with one line naming the file, field and place',
    async (_, file, change, message) => {
      const site = await contentWorkspace();
      await site.edit(file, change);
      expect(await site.refusal()).toBe(`sitegen: ${join(site.content, file)}: ${message}\n`);
    },
  );

  // A message quotes what it found: a line break in it must not split the message over two lines of a log.
  const quoting: [string, string, (text: string) => string, RegExp][] = [
    [
      'a title too long, with a line break in it',
      'blog/google-ads-guide.md',
      (text) =>
        text.replace(
          /^title: .*$/m,
          'title: "Google Ads for tradespeople:\\nwhat it costs, how to set it up and what to avoid"',
        ),
      /^sitegen: \S+\/google-ads-guide\.md: front matter: title: expected a text of at most 60 characters, found "Google Ads for tradespeople:\\nwhat it costs, how to set it…" \(78 characters\)\n$/,
    ],
    [
      'JSON broken where the parser would quote two lines of it: the line and column instead',
      'forms.json',
      (text) => text.replace('"errorTitle": "Error"', '"errorTitle": Error"'),
      /^sitegen: \S+\/forms\.json: is not valid JSON \(Unexpected token 'E' at line 41 column 19\)\n$/,
    ],
  ];
  it.concurrent.each(quoting)(
    '%s is refused in one line, the line break written as \\n',
    async (_, file, change, message) => {
      const site = await contentWorkspace();
      await site.edit(file, change);
      expect(await site.refusal()).toMatch(message);
    },
  );

  it.concurrent('an article saved with Windows line endings (CR LF) builds the same page', async () => {
    const site = await workspace();
    await site.edit('blog/google-ads-guide.md', (text) => text.replaceAll('\n', '\r\n'));
    expect(await site.buildHere()).toBe('');
    expect(await fingerprint(site.out)).toEqual(await fingerprint(siteDir()));
  });
});
