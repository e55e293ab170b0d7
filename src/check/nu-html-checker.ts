/**
 * The HTML standard as the W3C's own validator reads it, heading levels included: its Nu HTML Checker (vnu-jar), in
 * one Java process for all pages. As root, `npm test` installs Debian's Java (scripts/ensure-system-packages.js).
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SitegenError } from '../errors';
import type { BuiltPage, Finding } from './types';

interface NuReport {
  messages: { type: string; subType?: string; url?: string; lastLine?: number; message: string; extract?: string }[];
}

const javaCommand = process.env.JAVA ?? 'java';

/** A short run never gains from Java's second compiler; the first's larger frames need more stack (deep recursion). */
const javaOptions = ['-XX:TieredStopAtLevel=1', '-Xss8m'];

/**
 * What the checker calls an error though the standard allows it: its CSS validator predates `@view-transition`
 * (src/output/view-transitions.ts), and it allows `blocking` on a stylesheet's link but not yet on `rel="expect"`
 * (templates/layout/Document.tsx).
 */
const behindTheStandard = [
  'CSS: Unrecognized at-rule “@view-transition”.*',
  'A “link” element with a “blocking” attribute must have a “rel” attribute whose value is “stylesheet”.*',
].join('|');

const checkerOptions = ['--errors-only', '--filterpattern', behindTheStandard, '--format', 'json', '--stdout'];

export async function nuErrors(dir: string, pages: readonly BuiltPage[]): Promise<Finding[]> {
  // vnu-jar's module is the path of the jar it ships; it is never run, so its own Java downloader never runs either.
  const jar = String(createRequire(import.meta.url)('vnu-jar'));
  const args = [...javaOptions, '-jar', jar, ...checkerOptions, ...pages.map((page) => join(dir, page.file))];
  const stdout = await promisify(execFile)(javaCommand, args, { maxBuffer: 64 * 1024 * 1024 }).then(
    (result) => result.stdout,
    (failed: NodeJS.ErrnoException & { stdout?: string }) => {
      // With no Java the gate still fails, but html-validate's findings and the other gates still come.
      if (failed.code === 'ENOENT') return null;
      // The checker exits 1 when it found errors, with its report on standard output all the same.
      if (!failed.stdout) throw new SitegenError(`the Nu HTML Checker did not run: ${failed.message}`);
      return failed.stdout;
    },
  );
  if (stdout === null) {
    const message = `the Nu HTML Checker runs on Java, and \`${javaCommand}\` is not installed: it did not run`;
    const fix = 'apt-get install -y default-jre-headless, or set JAVA to where Java is';
    return [{ page: '(this machine)', rule: 'nu-html-checker', message, fix }];
  }
  const prefix = `file:${join(dir, '/')}`;
  const pathOf = new Map(pages.map((page) => [page.file, page.path]));
  return (JSON.parse(stdout) as NuReport).messages
    .filter((message) => message.type === 'error' || message.subType === 'fatal')
    .map((message) => {
      const file = decodeURI(message.url ?? '').replace(prefix, '');
      const line = `line ${message.lastLine ?? 0}`;
      return {
        page: pathOf.get(file) ?? file,
        rule: 'nu-html-checker',
        target: message.extract ? `${line}: ${message.extract.trim()}` : line,
        message: message.message,
        fix: 'correct the element the message names, as the HTML standard (html.spec.whatwg.org) describes it',
      };
    });
}
