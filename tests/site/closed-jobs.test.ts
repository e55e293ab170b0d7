/**
 * Jobs by the clock, on the real build of a project copy: a job leaves
 * /careers and its JobPostings the day after its closing day, with no file
 * changed; the page says so when none is open; one posted ahead appears
 * on its day; a link to a job's card, which would break on that day, is
 * refused.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tree } from '../support/output-tree';
import { editArticle, inProjectCopy, writeSettled } from '../support/project-copy';
import { load, read } from '../support/publishing-copy';

describe('jobs past their closing day', () => {
  it('leave /careers and its JobPostings on the day after, in an incremental build with no file changed; with none open or none at all, the page says so; one posted ahead appears on its day', async () => {
    await inProjectCopy(async (project) => {
      const build = (out: string, SITEGEN_NOW: string, { incremental = false } = {}) =>
        project.buildHere({ out, env: { SITEGEN_NOW }, incremental, quiet: false });
      const positions = async (out: string) => {
        const $ = await load(project, `${out}/careers.html`);
        const postings = JSON.parse($('script[type="application/ld+json"]').text()) as {
          '@graph': { '@type': string; title?: string }[];
        };
        return {
          listed: $('#positions article h3')
            .map((_, title) => $(title).text())
            .get(),
          postings: postings['@graph'].filter((node) => node['@type'] === 'JobPosting').map((node) => node.title),
          intro: $('#positions h2 + p').text(),
        };
      };
      const all = ['Senior Digital Marketing Specialist', 'Web Developer', 'Account Manager'];
      const jobsJson = await read(project, 'content/jobs.json');
      const intro =
        'Each role says whether it is full-time and where it is based. Press Apply Now to email us with the role in the subject line.';

      // The Account Manager's last day.
      const open = await build('out', '2027-01-15T23:59:59Z', { incremental: true });
      expect(open.stdout).not.toContain('  jobs ');
      expect(await positions('out')).toEqual({ listed: all, postings: all, intro });
      expect((await build('out', '2027-01-15T23:59:59Z', { incremental: true })).stdout).toMatch(/^up to date/m);

      const next = await build('out', '2027-01-16T00:00:00Z', { incremental: true });
      expect(next.stdout).not.toMatch(/^up to date/m);
      expect(next.stdout).toContain(
        '\n  jobs       "Account Manager" (closed 15 January 2027) left out of /careers: remove a closed job from content/jobs.json, or give it a new validThrough\n',
      );
      expect(await positions('out')).toEqual({ listed: all.slice(0, 2), postings: all.slice(0, 2), intro });
      expect((await build('whole', '2027-01-16T00:00:00Z')).stderr).toBe('');
      expect(await tree(join(project.dir, 'out'))).toEqual(await tree(join(project.dir, 'whole')));

      // Where drafts are shown (sitegen dev, --drafts, the editor's preview), a closed job is listed, saying why it is not on the site.
      const env = { SITEGEN_NOW: '2027-01-16T00:00:00Z' };
      const drafts = await project.buildHere({ out: 'drafts', env, drafts: true, quiet: false });
      expect(drafts.stderr).toBe('');
      expect(drafts.stdout).toContain(
        '\n  jobs       "Account Manager" (closed 15 January 2027) listed on /careers with a note, not on the site: remove a closed job from content/jobs.json, or give it a new validThrough\n',
      );
      expect(await positions('drafts')).toEqual({ listed: all, postings: all.slice(0, 2), intro });
      const $ = await load(project, 'drafts/careers.html');
      expect(
        $('#positions article [role="note"]')
          .map((_, note) => $(note).text())
          .get(),
      ).toEqual(['Closed on 15 January 2027: not on the site']);
      expect($('#account-manager [role="note"]').length).toBe(1);

      expect((await build('out', '2027-02-01T00:00:00Z', { incremental: true })).stderr).toBe('');
      expect(await positions('out')).toEqual({
        listed: [],
        postings: [],
        intro:
          'We have no open positions just now. We are always glad to hear from good people, so send us your CV below.',
      });
      expect((await load(project, 'out/careers.html'))('#positions ul').length).toBe(0);

      // The closed jobs removed, as the build asks: the same page.
      const closedAway = await read(project, 'out/careers.html');
      await writeSettled(join(project.dir, 'content/jobs.json'), '{ "jobs": [] }\n');
      const none = await build('out', '2027-02-01T00:00:00Z', { incremental: true });
      expect([none.stderr, none.stdout.includes('  jobs ')]).toEqual(['', false]);
      expect(await read(project, 'out/careers.html')).toBe(closedAway);

      // A job posted ahead of its day: on the site, and in job search, from that day.
      const later = { ...JSON.parse(jobsJson).jobs[1], datePosted: '2027-02-10', validThrough: '2027-03-31' };
      await writeSettled(join(project.dir, 'content/jobs.json'), JSON.stringify({ jobs: [later] }));
      const ahead = await build('out', '2027-02-09T23:59:59Z', { incremental: true });
      expect(ahead.stdout).toContain(
        '\n  jobs       "Web Developer" (to be posted on 10 February 2027) left out of /careers\n',
      );
      expect((await positions('out')).listed).toEqual([]);
      const early = { SITEGEN_NOW: '2027-02-09T23:59:59Z' };
      expect((await project.buildHere({ out: 'drafts', env: early, drafts: true })).stderr).toBe('');
      expect((await load(project, 'drafts/careers.html'))('#web-developer [role="note"]').text()).toBe(
        'Posted on 10 February 2027: not on the site until then',
      );
      expect((await build('out', '2027-02-10T00:00:00Z', { incremental: true })).stdout).not.toMatch(/^up to date/m);
      expect(await positions('out')).toEqual({ listed: ['Web Developer'], postings: ['Web Developer'], intro });
    });
  });

  it("refuses a link to a job's card, which leaves /careers after its closing day and would then fail the links gate with no edit: naming the file, the link and the day, through an old address too, and a redirect to one", async () => {
    await inProjectCopy(async (project) => {
      const build = () => project.buildHere({ out: 'out', env: { SITEGEN_NOW: '2026-12-01' } });
      const linking = (href: string) =>
        editArticle(project, 'local-seo-tips', (text) =>
          text.replace(/\n(?:\nWe are hiring: .*\n)?$/, `\n\nWe are hiring: [a web developer](${href}).\n`),
        );
      // The line the link is written on, the article's last.
      const line = async () => (await read(project, 'content/blog/local-seo-tips.md')).trimEnd().split('\n').length;
      await linking('/careers#web-developer');
      expect((await build()).stderr).toBe(
        `sitegen: content/blog/local-seo-tips.md: body: line ${await line()}: links to "/careers#web-developer", the card of the job "Web Developer" (content/jobs.json), on /careers until its closing day, 31 January 2027: from 1 February 2027 the links gate (sitegen check) would fail with no edit; link to "/careers" instead\n`,
      );
      // An old address that redirects to /careers: the link lands on the card all the same.
      const redirects = join(project.dir, 'content', 'redirects.json');
      const data = JSON.parse(await read(project, 'content/redirects.json')) as { redirects: object[] };
      data.redirects.push({ from: '/jobs', to: '/careers' });
      await writeSettled(redirects, JSON.stringify(data, null, 2));
      await linking('/jobs#account-manager');
      expect((await build()).stderr).toBe(
        `sitegen: content/blog/local-seo-tips.md: body: line ${await line()}: links to "/jobs#account-manager", the card of the job "Account Manager" (content/jobs.json), on /careers until its closing day, 15 January 2027: from 16 January 2027 the links gate (sitegen check) would fail with no edit; link to "/careers" instead\n`,
      );
      // As the message says: a link to the page itself, and to its list of positions, stays.
      await linking('/careers#positions');
      expect((await build()).stderr).toBe('');
      // A redirect to a card, written as a path or a full URL, is such a link too.
      for (const to of ['/careers#web-developer', 'https://www.tradeboostdigital.co.uk/careers#web-developer']) {
        const moved = { ...data, redirects: [...data.redirects, { from: '/jobs/web-developer', to }] };
        await writeSettled(redirects, JSON.stringify(moved, null, 2));
        expect((await build()).stderr).toBe(
          `sitegen: content/redirects.json: redirects[${moved.redirects.length - 1}].to: links to "/careers#web-developer", the card of the job "Web Developer" (content/jobs.json), on /careers until its closing day, 31 January 2027: from 1 February 2027 the links gate (sitegen check) would fail with no edit; link to "/careers" instead\n`,
        );
      }
    });
  });
});

describe("a job's stated salary", () => {
  it('is shown on its card, as its JobPosting gives it to job search: structured data says only what the page says', async () => {
    await inProjectCopy(async (project) => {
      const data = JSON.parse(await read(project, 'content/jobs.json')) as { jobs: Record<string, unknown>[] };
      data.jobs[0]!.salary = { currency: 'GBP', min: 38000, max: 45000, per: 'YEAR' };
      data.jobs[1]!.salary = { currency: 'GBP', min: 21.5, max: 24, per: 'HOUR' };
      await writeSettled(join(project.dir, 'content/jobs.json'), JSON.stringify(data, null, 2));
      expect((await project.buildHere({ out: 'out', env: { SITEGEN_NOW: '2026-12-01' } })).stderr).toBe('');
      const $ = await load(project, 'out/careers.html');
      const facts = (id: string) =>
        $(`#${id} h3 + ul li`)
          .map((_, fact) => $(fact).text())
          .get();
      expect(facts('senior-digital-marketing-specialist').at(-1)).toBe('£38,000 to £45,000 per year');
      expect(facts('web-developer').at(-1)).toBe('£21.50 to £24 per hour');
      expect(facts('account-manager')).not.toContainEqual(expect.stringContaining('£'));
      const graph = JSON.parse($('script[type="application/ld+json"]').text())['@graph'] as Record<string, unknown>[];
      expect(graph.find((node) => node.title === 'Senior Digital Marketing Specialist')?.baseSalary).toEqual({
        '@type': 'MonetaryAmount',
        currency: 'GBP',
        value: { '@type': 'QuantitativeValue', minValue: 38000, maxValue: 45000, unitText: 'YEAR' },
      });
    });
  });
});
