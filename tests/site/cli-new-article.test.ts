/**
 * `sitegen new article` as a user meets it: a draft dated today in London,
 * with valid front matter, that a build leaves out and --drafts builds; a
 * title or slug already taken refused; and, published with the body it
 * wrote, refused by the build.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { localLeads, projectRoot, runSitegen } from '../support/cli';
import { backdateLegalPages } from '../support/project-copy';
import { inScratchFolder } from '../support/scratch-folder';

describe('sitegen', () => {
  it('new article writes the first article of a blog whose folder went with its last one (git keeps no empty folder)', async () => {
    await inScratchFolder(async (dir) => {
      await cp(join(projectRoot, 'content'), join(dir, 'content'), { recursive: true });
      await rm(join(dir, 'content', 'blog'), { recursive: true });
      const made = await runSitegen(['new', 'article', 'Our First Post'], { cwd: dir });
      expect([made.code, made.stderr]).toEqual([0, '']);
      expect(readFileSync(join(dir, 'content/blog/our-first-post.md'), 'utf8')).toContain('draft: true');
    });
  });

  // Seven runs of the executable and three builds: past the default time a test may take on a busy machine.
  it('new article writes a draft dated today in London, with valid front matter, that a build leaves out and --drafts builds, and refuses published with its body unwritten', async () => {
    await inScratchFolder(async (dir) => {
      await cp(join(projectRoot, 'content'), join(dir, 'content'), { recursive: true });
      await backdateLegalPages(join(dir, 'content'));
      // Half past eleven at night in UTC is half past midnight in London in summer: the next day there.
      const made = await runSitegen(['new', 'article', 'Van Signwriting That Wins Local Jobs'], {
        cwd: dir,
        env: { SITEGEN_NOW: '2026-06-30T23:30:00Z' },
      });
      expect(made.stderr).toBe('');
      expect(made.stdout).toBe(
        'wrote content/blog/van-signwriting-that-wins-local-jobs.md: a draft; edit it, see it with `sitegen dev`, and remove `draft: true` to publish it\n',
      );
      const text = readFileSync(join(dir, 'content/blog/van-signwriting-that-wins-local-jobs.md'), 'utf8');
      expect(text).toMatch(
        /^---\ntitle: "Van Signwriting That Wins Local Jobs"\nslug: "van-signwriting-that-wins-local-jobs"\n/,
      );
      expect(text).toMatch(/^date: "2026-07-01"\ndraft: true$/m);
      const again = await runSitegen(['new', 'article', 'Van Signwriting That Wins Local Jobs'], { cwd: dir });
      expect(again.code).toBe(1);
      expect(again.stderr).toContain('"van-signwriting-that-wins-local-jobs" is taken');
      // Another article's title, in other capitals, makes another slug: still two pages competing in search results.
      const title = 'local seo for tradespeople: 10 tips to win more jobs nearby';
      const twice = await runSitegen(['new', 'article', title], { cwd: dir });
      expect([twice.code, twice.stderr]).toEqual([
        1,
        'sitegen: content/blog/local-seo-tips.md: title: "Local SEO for Tradespeople: 10 Tips to Win More Jobs Nearby" is this article\'s: choose another title\n',
      ]);
      // An author of spaces would write an article that does not build.
      const nameless = await runSitegen(['new', 'article', 'Quotes That Win Jobs', '--author', '  '], { cwd: dir });
      expect([nameless.code, nameless.stderr]).toEqual([1, 'sitegen: --author: expected a name, found "  "\n']);
      const tagged = await runSitegen(['new', 'article', 'Quotes That Win Jobs', '--author', '<b>Dave</b>'], {
        cwd: dir,
      });
      expect([tagged.code, tagged.stderr]).toEqual([1, 'sitegen: --author: expected a name, found "<b>Dave</b>"\n']);
      expect(existsSync(join(dir, 'content/blog/quotes-that-win-jobs.md'))).toBe(false);
      // A title the build would refuse is refused before anything is written, in the build's words.
      const long = 'Emergency Plumbers Win More Jobs Online With These Tips abcde';
      const articlesBefore = readdirSync(join(dir, 'content/blog')).length;
      for (const [refused, expected] of [
        [long, 'a text of at most 60 characters'],
        ['Call {phone} for a quote', 'a text with no {…} placeholder (filled in only in a body)'],
        ['Ring { phone } for a quote', 'a text with no {…} placeholder (filled in only in a body)'],
        ['Quotes <em>that</em> win', 'a text with no HTML tags or entities such as &amp; (a page shows them as typed)'],
      ]) {
        const made = await runSitegen(['new', 'article', refused!], { cwd: dir });
        expect([made.code, made.stdout, made.stderr]).toEqual([
          1,
          '',
          `sitegen: the title: expected ${expected}, found "${refused}"\n`,
        ]);
      }
      expect(readdirSync(join(dir, 'content/blog'))).toHaveLength(articlesBefore);
      // Each "&" is "and" in the slug: a title of 60 characters can make one past the 80 a slug may have, cut at a word.
      const ampersands = await runSitegen(
        ['new', 'article', 'Oak&Ash&Elm&Fir&Yew&Box&Bay&Fig&Ivy&Rue&Tea&Gum&Nut&Pea&Hop'],
        {
          cwd: dir,
        },
      );
      expect(ampersands.stdout).toMatch(
        /^wrote content\/blog\/oak-and-ash-and-elm-and-fir-and-yew-and-box-and-bay-and-fig-and-ivy-and-rue-and\.md: a draft;/,
      );
      // An emoji is one character, as the marketer counts them: a title of 60 with one is taken (the build takes it too).
      const emoji = await runSitegen(
        ['new', 'article', 'Emergency Plumbers Win More Jobs Online With These Tips ab 🚿'],
        {
          cwd: dir,
        },
      );
      expect([emoji.code, emoji.stderr]).toEqual([0, '']);
      // Another article's old address: a new one there would clash with the redirect from it.
      const moved = join(dir, 'content/blog/google-ads-guide.md');
      writeFileSync(moved, readFileSync(moved, 'utf8').replace(/^(slug: .*)$/m, '$1\naliases: ["winter-boilers"]'));
      const clash = await runSitegen(['new', 'article', 'Winter Boilers'], { cwd: dir });
      expect([clash.code, clash.stderr]).toEqual([
        1,
        'sitegen: content/blog/google-ads-guide.md: aliases: "winter-boilers" is an old address of this article: choose another title\n',
      ]);
      // An old address content/redirects.json leads on (the shipped /blog/category): the redirect would hide the article,
      // and the build refuse it.
      const redirected = await runSitegen(['new', 'article', 'Category'], { cwd: dir });
      expect([redirected.code, redirected.stderr]).toEqual([
        1,
        "sitegen: content/redirects.json: redirects[1].from: redirects from /blog/category, the new article's address: choose another title, or remove the redirect\n",
      ]);
      // So does one from an address hosts take for the new article's (its .html, other capitals).
      const redirects = join(dir, 'content/redirects.json');
      const data = JSON.parse(readFileSync(redirects, 'utf8')) as { redirects: object[] };
      data.redirects.push({ from: '/blog/My-Post.html', to: '/contact' });
      writeFileSync(redirects, JSON.stringify(data, null, 2));
      const alike = await runSitegen(['new', 'article', 'My Post'], { cwd: dir });
      expect([alike.code, alike.stderr]).toEqual([
        1,
        `sitegen: content/redirects.json: redirects[${data.redirects.length - 1}].from: redirects from /blog/My-Post.html, which hosts take for /blog/my-post, the new article's address: choose another title, or remove the redirect\n`,
      ]);
      // An article at blog/index.html would be served at /blog/, the blog's own address, and the build refuse it.
      const index = await runSitegen(['new', 'article', 'Index'], { cwd: dir });
      expect([index.code, index.stderr]).toEqual([
        1,
        'sitegen: "Index" makes /blog/index, served at /blog/: choose another title\n',
      ]);
      // Letters with no accent to take off are written as English writes them; an apostrophe is left out.
      // And an author of the team typed in small letters, and a category as its page's address writes it, are written as
      // team.json and blog.json write them (as the build asks).
      const foreign = await runSitegen(
        [
          'new',
          'article',
          'Straße & Smørrebrød: Ærø’s Café Fit-Out',
          '--author',
          'sarah mitchell',
          '--category',
          'web-design',
        ],
        { cwd: dir },
      );
      expect(foreign.stdout).toMatch(/^wrote content\/blog\/strasse-and-smorrebrod-aeros-cafe-fit-out\.md: a draft;/);
      const byline = readFileSync(join(dir, 'content/blog/strasse-and-smorrebrod-aeros-cafe-fit-out.md'), 'utf8');
      expect(byline).toMatch(/^author: "Sarah Mitchell"$/m);
      expect(byline).toMatch(/^category: "Web Design"$/m);
      const noCategory = await runSitegen(['new', 'article', 'Boilers', '--category', 'Plumbing'], { cwd: dir });
      expect([noCategory.code, noCategory.stderr]).toEqual([
        1,
        'sitegen: --category: expected one of SEO, Google Ads, Social Media, Web Design, Reputation Management, Case Studies, found "Plumbing"\n',
      ]);
      // A slip of a category's name is named, as the build names a slip in a link.
      const misspelt = await runSitegen(['new', 'article', 'Boilers', '--category', 'Googel Ads'], { cwd: dir });
      expect(misspelt.stderr).toBe(
        'sitegen: --category: expected one of SEO, Google Ads, Social Media, Web Design, Reputation Management, Case Studies, found "Googel Ads": did you mean "Google Ads"?\n',
      );
      const build = (out: string, ...flags: string[]) =>
        runSitegen(['build', '--quiet', '--content', join(dir, 'content'), '--out', join(dir, out), ...flags], {
          env: { ...localLeads, SITEGEN_NOW: '2026-07-01' },
        });
      expect((await build('out')).stderr).toBe('');
      expect(existsSync(join(dir, 'out', 'blog', 'van-signwriting-that-wins-local-jobs.html'))).toBe(false);
      expect((await build('preview', '--drafts')).stderr).toBe('');
      expect(readFileSync(join(dir, 'preview', 'blog', 'van-signwriting-that-wins-local-jobs.html'), 'utf8')).toContain(
        '>Draft, not published</p>',
      );
      // Published with its own front matter, yet the body as written for it: refused, as its front matter's words would be.
      const article = join(dir, 'content/blog/van-signwriting-that-wins-local-jobs.md');
      writeFileSync(
        article,
        readFileSync(article, 'utf8')
          .replace('draft: true\n', '')
          .replace(/^excerpt: .*$/m, 'excerpt: "What to paint on a van so that the people behind it ring you."')
          .replace(
            /^description: .*$/m,
            'description: "What to paint on a tradesperson\'s van so that the people who see it call: the name, the trade and a number."',
          )
          .replace(/^imageAlt: .*$/m, 'imageAlt: "A white van with a plumber\'s name and number on its side"'),
      );
      const published = await build('published');
      expect(published.code).toBe(1);
      expect(published.stderr).toMatch(
        /\/content\/blog\/van-signwriting-that-wins-local-jobs\.md: body: still holds the words `sitegen new article` wrote \("Start with who this is for and what they will be able to do after reading it\."\): write the article's own, or keep it a draft \(draft: true\)\n$/,
      );
    });
  }, 120_000);
});
