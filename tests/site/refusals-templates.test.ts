/**
 * A template, an island or the stylesheet that fails (a component that throws, an island that imports React or exports
 * another name, an island or an enhancement no file makes, a syntax error) stops the build with a line naming its file,
 * exit code 1, and the previous output untouched.
 */
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { buildCaseTimeout } from '../support/build-refusals';
import { fingerprint } from '../support/fingerprint';
import { inProjectCopy, type ProjectCopy } from '../support/project-copy';

vi.setConfig({ testTimeout: buildCaseTimeout });

/** The about page's template with `element` placed in it, and `importLine` to name it. */
async function aboutWith(project: ProjectCopy, importLine: string, element: string): Promise<string> {
  const text = await readFile(join(project.dir, 'templates', 'pages', 'About.tsx'), 'utf8');
  const placed = text
    .replace("import { Icon } from '../components/Icon';", `import { Icon } from '../components/Icon';\n${importLine}`)
    .replace('<PageHero', `${element}\n      <PageHero`);
  expect(placed).not.toBe(text);
  return placed;
}

/** The build with the about page's template placing `element` above its hero, imported by `importLine`. */
async function builtWithAbout(project: ProjectCopy, importLine: string, element: string) {
  await writeFile(join(project.dir, 'templates', 'pages', 'About.tsx'), await aboutWith(project, importLine, element));
  return project.buildHere({ out: 'dist' });
}

describe('bad input', () => {
  it.concurrent(
    "a component that throws as a page renders stops the build, naming the component's file, not the page's",
    async () => {
      await inProjectCopy(async (project) => {
        const card = join(project.dir, 'templates', 'components', 'ServiceCard.tsx');
        const text = await readFile(card, 'utf8');
        await writeFile(
          card,
          text.replace('  return (\n', "  if (title) throw new Error('no card for ' + title);\n  return (\n"),
        );
        const refused = await project.buildHere({ out: 'dist' });
        expect([refused.code, refused.stderr]).toEqual([
          1,
          expect.stringMatching(
            /^sitegen: templates\/components\/ServiceCard\.tsx: rendering \/ \(made from content\/pages\/home\.json\) failed: no card for Local SEO\n$/,
          ),
        ]);
      });
    },
  );

  it.concurrent(
    'an island that imports React stops the build, naming its file and what to import instead',
    async () => {
      await inProjectCopy(async (project) => {
        const island = [
          "import { useState } from 'react';",
          'export function Faq() {',
          '  const [open, setOpen] = useState(false);',
          '  return <button onClick={() => setOpen(!open)}>{open ? "Less" : "More"}</button>;',
          '}',
        ];
        await writeFile(join(project.dir, 'islands', 'Faq.tsx'), `${island.join('\n')}\n`);
        const refused = await project.buildHere({ out: 'dist' });
        expect([refused.code, refused.stderr]).toEqual([
          1,
          [
            'sitegen: islands: islands/Faq.tsx:1:25: imports react: islands are Preact, expected an import from preact (useState from preact/hooks)',
            'islands/Faq.tsx:4:9: imports react/jsx-runtime: islands are Preact, expected its JSX written for Preact: /** @jsxImportSource preact */ at its top',
            '',
          ].join('\n'),
        ]);
      });
    },
  );

  it.concurrent(
    'an island that exports its component under another name stops the build, naming its file and the name it must export, and leaves dist/ as it was',
    async () => {
      await inProjectCopy(async (project) => {
        expect((await project.buildHere({ out: 'dist' })).code).toBe(0);
        const before = await fingerprint(join(project.dir, 'dist'));
        const island = [
          '/** @jsxImportSource preact */',
          'export function Accordion() {',
          '  return <details />;',
          '}',
        ];
        await writeFile(join(project.dir, 'islands', 'Faq.tsx'), `${island.join('\n')}\n`);
        const refused = await project.buildHere({ out: 'dist' });
        expect([refused.code, refused.stderr]).toEqual([
          1,
          'sitegen: islands: islands/Faq.tsx: must export Faq, a component named as its file\n',
        ]);
        expect(await fingerprint(join(project.dir, 'dist'))).toEqual(before);
      });
    },
  );

  // What the about page's template places, and the build's words for what no file makes.
  const misplaced: [string, string, string, string][] = [
    [
      'an island islands/registry.ts does not list stops the build, naming the island and the registry',
      "import { Island } from '../components/Island';",
      '<Island name="CopyPhone" props={{}} />',
      'templates/components/Island.tsx: rendering /about (made from content/pages/about.json) failed: islands/registry.ts does not list the island "CopyPhone": add it there',
    ],
    [
      'an enhancement no file of islands/enhance/ makes stops the build, naming the template, the page and the file',
      "import { useEnhancement } from '../lib/page-uses';",
      "<div {...useEnhancement('copy-phon')} />",
      'templates/pages/About.tsx: rendering /about (made from content/pages/about.json) failed: it places the enhancement "copy-phon", but there is no islands/enhance/copy-phon.ts',
    ],
  ];
  it.concurrent.each(misplaced)('%s', async (_, importLine, element, message) => {
    await inProjectCopy(async (project) => {
      const refused = await builtWithAbout(project, importLine, element);
      expect([refused.code, refused.stderr]).toEqual([1, `sitegen: ${message}\n`]);
    });
  });

  it.concurrent(
    'a first build stopped by a page stops making its images: it does not draw every card first',
    async () => {
      await inProjectCopy(
        async (project) => {
          const [, importLine, element, message] = misplaced[0]!;
          await writeFile(
            join(project.dir, 'templates', 'pages', 'About.tsx'),
            await aboutWith(project, importLine, element),
          );
          const refused = await project.build(['--out', 'dist']);
          expect([refused.code, refused.stderr]).toEqual([1, `sitegen: ${message}\n`]);
          // A first build that succeeds draws the site's 33 cards.
          const cards = (await readdir(join(project.dir, '.sitegen', 'images')).catch(() => [])).filter((name) =>
            name.startsWith('card-'),
          );
          expect(cards.length).toBeLessThan(33);
        },
        { caches: false },
      );
    },
  );

  it.concurrent(
    "a page kind templates/index.ts does not list (a new page's template not added there) stops the build, naming that file and the kind",
    async () => {
      await inProjectCopy(async (project) => {
        const index = join(project.dir, 'templates', 'index.ts');
        const text = await readFile(index, 'utf8');
        await writeFile(index, text.replace('  Careers,\n', ''));
        const refused = await project.buildHere({ out: 'dist' });
        expect([refused.code, refused.stderr]).toEqual([
          1,
          'sitegen: templates/index.ts: rendering /careers (made from content/pages/careers.json) failed: its pages list no Careers: import it there from ./pages/Careers\n',
        ]);
      });
    },
  );

  it.concurrent(
    'a brand colour mistyped in templates/lib/brand.json stops the build, naming the file, the colour and what to write',
    async () => {
      await inProjectCopy(async (project) => {
        const brand = join(project.dir, 'templates', 'lib', 'brand.json');
        await writeFile(brand, (await readFile(brand, 'utf8')).replace('"brand": "#1d4ed8"', '"brand": "#1d4ed"'));
        const refused = await project.buildHere({ out: 'dist' });
        expect([refused.code, refused.stderr]).toEqual([
          1,
          'sitegen: templates/lib/brand.ts: threw as the templates loaded: brand.json\'s brand: expected a colour written as "#1d4ed8", found "#1d4ed"\n',
        ]);
      });
    },
  );

  it.concurrent(
    'a syntax error in an island the templates import is named by the islands stage, not by the templates that meet it too',
    async () => {
      await inProjectCopy(async (project) => {
        const form = join(project.dir, 'islands', 'NewsletterForm.tsx');
        await writeFile(form, `const = 1;\n${await readFile(form, 'utf8')}`);
        const refused = await project.buildHere({ out: 'dist' });
        expect([refused.code, refused.stderr]).toEqual([
          1,
          'sitegen: islands: islands/NewsletterForm.tsx:1:6: Expected identifier but found "="\n',
        ]);
      });
    },
  );

  it.concurrent('a component that throws as the templates load stops the build, naming its file', async () => {
    await inProjectCopy(async (project) => {
      const stars = join(project.dir, 'templates', 'components', 'Stars.tsx');
      await writeFile(stars, `throw new Error('stars not ready');\n${await readFile(stars, 'utf8')}`);
      const refused = await project.buildHere({ out: 'dist' });
      expect([refused.code, refused.stderr]).toEqual([
        1,
        'sitegen: templates/components/Stars.tsx: threw as the templates loaded: stars not ready\n',
      ]);
    });
  });
});

// Alone: the build's lines are read from this process's standard output, which a build beside it would write to too.
describe("the stylesheet's errors", () => {
  /** The build's stage lines before its error: the names of the stages that printed one. */
  const stagesPrinted = (stdout: string) => [...stdout.matchAll(/^ {2}(\w+) /gm)].map(([, stage]) => stage);

  it("a syntax error in templates/styles.css stops the build after the other stages' lines, naming the file once, with its line", async () => {
    await inProjectCopy(async (project) => {
      const styles = join(project.dir, 'templates', 'styles.css');
      const text = await readFile(styles, 'utf8');
      await writeFile(styles, `${text}.badge { color: red\n`);
      const refused = await project.buildHere({ out: 'dist', quiet: false });
      const line = text.split('\n').length;
      expect([refused.code, refused.stderr]).toEqual([
        1,
        `sitegen: templates/styles.css: line ${line}:1: Missing closing } at .badge\n`,
      ]);
      expect(stagesPrinted(refused.stdout)).toEqual(expect.arrayContaining(['islands', 'templates']));
    });
  });
});
