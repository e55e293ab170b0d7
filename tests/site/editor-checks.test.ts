/**
 * The editor's checks (admin/editor-site.ts) over the content sitegen dev gives it: a save the build would refuse is
 * refused with the build's own message, before anything is written.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../../src/config';
import { DevSite } from '../../src/dev/dev-site';
import { EditorSite } from '../../admin/editor-site';
import { inProjectCopy } from '../support/project-copy';

/** The content's words that promise a free call, taken out. */
const unpromised = <T>(value: T): T =>
  JSON.parse(
    JSON.stringify(value)
      .replace(/\b(call(?: us)?) free\b/gi, '$1')
      .replace(/\bfree[- ]?phone:?/gi, ''),
  ) as T;

describe("the editor's checks", () => {
  it("refuse a phone number not free to call while words promise a free call, and words promising one with such a number, as the build does, saying when the words are a developer's to change", async () => {
    await inProjectCopy(async (project) => {
      const site = new DevSite(resolveConfig({ root: project.dir }, {}));
      try {
        await site.update();
        const content = site.editorContent()!;
        const editor = new EditorSite(content);
        const siteJson = content.json['site.json'] as Record<string, unknown>;
        const withPhone = (phone: string) => ({ path: 'site.json', data: { ...siteJson, phone } });
        const refusal = (file: string, words: string, phone: string) =>
          `${file}: says "${words}", but site.json's phone number, ${phone}, is not free to call (only 0800 and 0808 numbers are): reword it`;
        expect(() => editor.check(withPhone('0800 123 4567'))).not.toThrow();
        // The words are navigation.json's, a file the editor does not offer: the marketer is told to ask a developer.
        expect(() => editor.check(withPhone('0113 496 0000'))).toThrow(
          `${refusal('content/navigation.json', 'Call free', '0113 496 0000')} (navigation.json is not in the editor: ask a developer to change it first)`,
        );

        // Saved with such a number (the other files reworded), an article's body that promises a free call is refused.
        const article = matter(await readFile(join(project.dir, 'content/blog/local-seo-tips.md'), 'utf8'));
        const json = { ...content.json, 'site.json': withPhone('0113 496 0000').data };
        const reworded = new EditorSite({
          ...content,
          json: unpromised(json),
          legalPages: unpromised(content.legalPages),
        });
        const entry = (body: string) => ({ path: 'blog/local-seo-tips.md', data: article.data, body });
        expect(() => reworded.check(entry(`${article.content}\nCall us to talk it through.\n`))).not.toThrow();
        expect(() => reworded.check(entry(`${article.content}\nCall us free to talk it through.\n`))).toThrow(
          refusal('content/blog/local-seo-tips.md', 'Call us free', '0113 496 0000'),
        );
      } finally {
        site.close();
      }
    });
  });
});
