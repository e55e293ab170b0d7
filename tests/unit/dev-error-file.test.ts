/**
 * Which file of the project `sitegen dev` names for an error (src/dev/error-page.ts), in its terminal line and its
 * error page: the site's own file the message is about, never the generator's code that threw it.
 */
import { describe, expect, it } from 'vitest';
import { errorFile } from '../../src/dev/error-page';
import { SitegenError } from '../../src/errors';

const root = '/home/agency/site';

/** An error as sitegen's compiled code throws it, run from the project (lib/, in this repository, is inside it). */
const thrownByGenerator = (message: string) =>
  Object.assign(new SitegenError(message), {
    stack: `Error: ${message}\n    at buildStyles (${root}/lib/chunks/chunk-IDUUNUT4.js:12:11)`,
  });

describe('errorFile', () => {
  it('names the stylesheet a Tailwind error is about, not the compiled code that threw it', () => {
    const error = thrownByGenerator('templates/styles.css: Cannot apply unknown utility class `nonesuch-class`');
    expect(errorFile(error, root)).toBe('templates/styles.css');
  });

  it('names the file at a place in it that a compiler reports', () => {
    const error = thrownByGenerator('islands: islands/EnquiryForm.tsx:3:5: ERROR: Expected ")" but found "}"');
    expect(errorFile(error, root)).toBe('islands/EnquiryForm.tsx');
  });

  it("names a file of the project's own code in the stack when the message names none", () => {
    const error = Object.assign(new Error('boom'), {
      stack: `Error: boom\n    at render (${root}/node_modules/react/index.js:1:1)\n    at About (${root}/templates/pages/About.tsx:9:3)`,
    });
    expect(errorFile(error, root)).toBe('templates/pages/About.tsx');
  });
});
