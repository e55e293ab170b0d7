/**
 * Decap CMS's files as the editor's page loads them from sitegen dev
 * (src/admin/editor-page.ts): its script and the parts it loads by name,
 * exactly as its npm package ships them, and nothing else of the package.
 * Each is read once: a second request is served the same bytes, which the
 * server has compressed and tagged already.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DecapFiles } from '../../src/admin/editor-page';

describe('Decap’s files for the editor’s page', () => {
  it('serves its script as the package ships it, the same bytes again when asked again', () => {
    const decap = new DecapFiles();
    const path = decap.script.slice(1);
    const first = decap.read(path);
    // Compared as bytes: a deep equality of megabytes, element by element, takes minutes.
    expect(first?.equals(readFileSync(join(decap.dir, 'decap-cms.js')))).toBe(true);
    // The same Buffer, not one equal to it (and no diff of megabytes printed if not).
    expect(decap.read(path) === first).toBe(true);
  });

  it('serves the parts it loads by name, and none of its source maps nor anything outside its folder', () => {
    const decap = new DecapFiles();
    const chunk = decap.all().find((file) => /\/\d+\.decap-cms\.js$/.test(file.path))!;
    expect(decap.read(chunk.path)?.equals(readFileSync(chunk.from))).toBe(true);
    expect(decap.read(`${decap.folder}/decap-cms.js.map`)).toBeUndefined();
    expect(decap.read(`${decap.folder}/../package.json`)).toBeUndefined();
    expect(decap.read('admin/decap-cms.js')).toBeUndefined();
  });
});
