/**
 * A refusal in the editor names its field as the form shows it (admin/form-words.ts): by the labels of the form the
 * marketer is in, for every collection alike, where the build's message names the file's keys for a developer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { decapConfig } from '../../admin/config';
import { formMessage } from '../../admin/form-words';
import { resolveConfig } from '../../src/config';
import { loadSite } from '../../src/content/load-site';
import * as s from '../../src/content/schemas';
import { validate } from '../../src/content/validate';
import { ContentError } from '../../src/errors';
import { projectRoot } from '../support/cli';

let say: (error: unknown) => string;

beforeAll(() => {
  const settings = resolveConfig({ root: projectRoot }, {});
  const model = loadSite({ contentDir: settings.contentDir, projectRoot: settings.root });
  const backend = {
    name: 'local',
    url: 'http://127.0.0.1:8081/api/v1',
    tokenHeader: 'X-Sitegen-Editor-Token',
  } as const;
  const config = decapConfig({
    model,
    servicePages: [],
    backend,
    siteUrl: 'http://localhost:4321',
    today: '2026-07-01',
  });
  say = (error) => formMessage(error, config.collections);
});

/** What the build refuses `data` for as the file `name` of content/, thrown as it throws it. */
function refusal(name: string, schema: Parameters<typeof validate>[1], data: unknown, prefix?: string): unknown {
  try {
    validate(`content/${name}`, schema, data, prefix);
  } catch (error) {
    return error;
  }
  throw new Error(`${name} was not refused`);
}

const jobs = () => JSON.parse(readFileSync(join(projectRoot, 'content', 'jobs.json'), 'utf8')) as { jobs: object[] };

describe('a refusal in the editor', () => {
  it('names a job’s fields by the Careers form’s labels: its dates, its workplace, its type', () => {
    const closing = jobs();
    closing.jobs[1] = { ...closing.jobs[1], validThrough: '2026-10-01' };
    expect(say(refusal('jobs.json', s.jobsSchema, closing))).toBe(
      'content/jobs.json: Jobs, entry 2 › Valid through: expected a closing date on or after the date posted, found "2026-10-01"',
    );
    const remote = jobs();
    remote.jobs[1] = { ...remote.jobs[1], workplace: { type: 'remote' } };
    expect(say(refusal('jobs.json', s.jobsSchema, remote))).toBe(
      'content/jobs.json: Jobs, entry 2 › Workplace › Applicant country: is missing: expected a value',
    );
    const untyped = jobs();
    untyped.jobs[1] = { ...untyped.jobs[1], workplace: { applicantCountry: 'United Kingdom' } };
    expect(say(refusal('jobs.json', s.jobsSchema, untyped))).toBe(
      'content/jobs.json: Jobs, entry 2 › Workplace › Type: is missing: expected a workplace of type "office", with its locality, region and country, or "remote", with its applicant country',
    );
    const typed = jobs();
    typed.jobs[0] = { ...typed.jobs[0], type: 'Freelance' };
    expect(say(refusal('jobs.json', s.jobsSchema, typed))).toMatch(
      /^content\/jobs\.json: Jobs, entry 1 › Type: expected one of Full-time/,
    );
  });

  it('names an article’s fields by its form’s labels, a new article’s too, and a list’s entry by its place', () => {
    const readTime = new ContentError(
      'content/blog/van-signs.md',
      'front matter: readTime',
      'expected a whole number of minutes, found number 6.5',
    );
    expect(say(readTime)).toBe(
      'content/blog/van-signs.md: Read time (minutes): expected a whole number of minutes, found number 6.5',
    );
    const alias = new ContentError('content/blog (a new article)', 'front matter: aliases[0]', 'is taken');
    expect(say(alias)).toBe('content/blog (a new article): Old slugs (each redirects here), entry 1: is taken');
    expect(say(new ContentError('content/legal/terms-of-service.md', 'body', 'is empty'))).toBe(
      'content/legal/terms-of-service.md: Body: is empty',
    );
    const link = new ContentError(
      'content/blog/van-signs.md',
      'body: line 12',
      'links to "/pricing", which is no page',
    );
    expect(say(link)).toBe('content/blog/van-signs.md: Body: line 12: links to "/pricing", which is no page');
  });

  it('names an image’s file by the image’s label alone, not the file’s field’s “Image” after it', () => {
    const photo = new ContentError('content/testimonials.json', 'testimonials[3].image.src', 'is the same photo');
    expect(say(photo)).toBe('content/testimonials.json: Testimonials, entry 4 › Image: is the same photo');
    const van = new ContentError('content/testimonials.json', 'testimonials[0].businessImage.src', 'is missing');
    expect(say(van)).toBe('content/testimonials.json: Testimonials, entry 1 › Business image: is missing');
  });

  it('leaves as it is a message of a file no form edits, of no field, or of a field the form does not have', () => {
    for (const error of [
      new ContentError('content/navigation.json', 'links[0].href', 'links to "/nowhere"'),
      new ContentError('content/images/van.jpg', '', 'is not an image'),
      new ContentError('content/site.json', 'nothing.here', 'is not a field'),
      new Error('the site has no page at /blog/x'),
    ])
      expect(say(error)).toBe(error.message);
  });
});
