/**
 * The formats Decap calls to read and write the editor's files
 * (admin/file-formats.ts) keep the file's text with the entry as read, so that
 * writing it back changes only the lines of what changed.
 */
import { describe, expect, it } from 'vitest';
import { jsonFormat, markdownFormat } from '../../admin/file-formats';
import { content, lineChanges, scrambled } from '../support/editor-file-changes';

describe('the formats Decap reads and writes the files with (admin/file-formats.ts)', () => {
  it('keep the file’s text with the entry’s data as read, and write from it', () => {
    const site = content('site.json');
    const entry = jsonFormat.fromFile(site);
    expect(Object.keys(entry).filter((key) => !(key in JSON.parse(site)))).toEqual(['sitegen:file-as-read']);
    const written = jsonFormat.toFile(scrambled({ ...entry, phone: '0808 157 0200' }));
    expect(lineChanges(site, written).added).toEqual(['  "phone": "0808 157 0200",']);
    expect(written).not.toContain('sitegen:');

    const legal = content('legal/terms-of-service.md');
    const page = markdownFormat.fromFile(legal);
    const order = (page.order as number) + 1;
    expect(lineChanges(legal, markdownFormat.toFile({ ...page, order }))).toEqual({
      removed: [`order: ${page.order}`],
      added: [`order: ${order}`],
    });
  });
});
