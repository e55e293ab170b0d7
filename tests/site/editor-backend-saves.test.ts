/**
 * The editor's local backend in the real `sitegen dev` (a copy of the
 * project) does what the editor's page asks of it: dev prints the editor's
 * address with this run's token and serves the page without it; the backend
 * reads and saves an entry of content/ and a photo uploaded to
 * content/images/, writing only the photos an entry names; and it refuses, in
 * the build's words and with nothing deleted or written, a delete or a photo
 * the build would refuse (a live article, a photo or a draft in use, a file the
 * site needs, a file that is no photo it can publish). What it refuses to
 * anyone else: editor-backend-callers.test.ts; outside content/:
 * editor-backend-paths.test.ts.
 */
import { existsSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  asset,
  call,
  dev,
  entry,
  everything,
  host,
  lines,
  media,
  project,
  refused,
  token,
  upload,
  useEditorBackend,
} from '../support/editor-backend';
import { exchange } from '../support/raw-http';
import { photo } from '../support/test-images';

useEditorBackend();

describe("the editor's local backend in sitegen dev", () => {
  const get = (path: string, headers = '') =>
    exchange(dev.url, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\n${headers}Connection: close\r\n\r\n`);

  it('says when it is ready, and how many pages it serves', () => {
    expect(lines).toContainEqual(
      expect.stringMatching(/^ {2}ready in \d+ ms, 54 pages \(each rendered when first opened\)$/),
    );
  });

  it('prints the editor’s address with this run’s token, and serves the page, which holds no token, without it', async () => {
    expect(dev.editorUrl).toMatch(new RegExp(`^${dev.url}/admin/\\?token=[\\w-]{43}$`));
    expect(lines).toContain(`  editor     ${dev.editorUrl}`);
    for (const path of ['/admin/', `/admin/?token=${token}`]) {
      const page = await get(path);
      expect([page.status, page.headers['cache-control']], path).toEqual([200, 'no-store']);
      expect(page.body.toString(), path).not.toContain(token);
      // No cookie: a browser sends a cookie of localhost to every server of localhost, whatever its port.
      expect(page.headers['set-cookie'], path).toBeUndefined();
    }
    // The editor's policy lets it connect to its own origin alone.
    expect((await get('/admin/')).headers['content-security-policy']).toContain("connect-src 'self' blob:;");
  });

  it('reads and saves for the editor’s page: an entry of content/, a photo uploaded to content/images/', async () => {
    const file = join(project.dir, 'content', 'site.json');
    const site = await call({ action: 'getEntry', params: { path: 'content/site.json' } });
    expect(site.status).toBe(200);
    expect(site.body.data).toBe(await readFile(file, 'utf8'));
    const facts = { ...JSON.parse(site.body.data), phone: '0808 157 0200' };
    const raw = `${JSON.stringify(facts, null, 2)}\n`;
    const entry = { dataFiles: [{ slug: 'site', path: 'content/site.json', raw }], assets: [] };
    const options = { commitMessage: 'Update Site facts', useWorkflow: false, status: 'published' };
    expect(await call({ action: 'persistEntry', params: { ...entry, options } })).toEqual({
      status: 200,
      body: { message: 'entry persisted' },
    });
    expect(await readFile(file, 'utf8')).toBe(raw);
    const saved = await call({ action: 'persistMedia', params: media('content/images/probe.jpg', upload) });
    expect(saved.status).toBe(200);
    expect(await readFile(join(project.dir, 'content', 'images', 'probe.jpg'))).toEqual(upload);
    expect(lines).toContain('  editor     saves to content/ through decap-server at /admin/api/v1');
  });

  it('refuses a delete the build would refuse, in its words, deleting nothing; makes one it accepts', async () => {
    const before = await everything();
    const options = { commitMessage: 'Delete' };
    const live = await call({ action: 'deleteFile', params: { path: 'content/blog/social-media-guide.md', options } });
    expect(live).toEqual({
      status: 409,
      body: refused(
        'content/blog/social-media-guide.md: is live at /blog/social-media-guide: deleted, its visitors and search rankings would be lost. A live article leaves the site only with a redirect from its address, which a developer adds to content/redirects.json',
      ),
    });
    const logo = await call({ action: 'deleteFiles', params: { paths: ['content/images/logo.png'], options } });
    expect(logo).toEqual({
      status: 409,
      body: refused(
        'content/images/logo.png: is used by content/site.json (logo.src), and cannot be deleted while it is: choose another image there first',
      ),
    });
    // The media library replaces a photo by deleting it, then uploading the new one: not over the one in use.
    expect(await call({ action: 'persistMedia', params: media('content/images/logo.png', upload) })).toEqual({
      status: 409,
      body: refused(
        'content/images/logo.png: is there already, and not replaced while in use: upload the new photo under another name',
      ),
    });
    // Nor by an entry's save carrying other bytes under its name; the same bytes, as every save resends them, pass.
    const logoFile = join(project.dir, 'content', 'images', 'logo.png');
    const siteRaw = await readFile(join(project.dir, 'content', 'site.json'), 'utf8');
    const withLogo = (bytes: Buffer) => ({
      ...entry('content/site.json', { slug: 'site', raw: siteRaw }),
      assets: [asset('content/images/logo.png', bytes)],
    });
    expect(await call({ action: 'persistEntry', params: withLogo(upload) })).toEqual({
      status: 409,
      body: refused(
        'content/images/logo.png: is there already, and not replaced while in use: upload the new photo under another name',
      ),
    });
    // A file the site cannot be built without, named as the project names it.
    const facts = await call({ action: 'deleteFile', params: { path: 'content/site.json', options } });
    expect(facts.status).toBe(409);
    expect(facts.body.error).toBe('sitegen dev refused this: content/site.json: is missing: the site needs it');
    expect(facts.body.error).not.toContain('.sitegen');
    expect(await everything()).toEqual(before);
    expect((await call({ action: 'persistEntry', params: withLogo(await readFile(logoFile)) })).status).toBe(200);
    // A photo nothing names goes, and so does a draft: neither was on the site.
    const spare = join(project.dir, 'content', 'images', 'spare.jpg');
    await writeFile(spare, upload);
    const guide = await readFile(join(project.dir, 'content', 'blog', 'social-media-guide.md'), 'utf8');
    const draft = join(project.dir, 'content', 'blog', 'social-media-draft.md');
    await writeFile(draft, guide.replace('"social-media-guide"', '"social-media-draft"\ndraft: true'));
    const spares = { paths: ['content/images/spare.jpg', 'content/blog/social-media-draft.md'], options };
    expect((await call({ action: 'deleteFiles', params: spares })).status).toBe(200);
    expect([existsSync(spare), existsSync(draft)]).toEqual([false, false]);
  });

  it('refuses the delete of a photo an article uses, naming the photo, the article and its field, deleting nothing', async () => {
    const van = join(project.dir, 'content', 'images', 'van.jpg');
    const file = join(project.dir, 'content', 'blog', 'social-media-guide.md');
    const text = await readFile(file, 'utf8');
    await writeFile(van, await photo({ width: 1600, height: 900, hue: 200 }));
    await writeFile(file, text.replace(/^image: .*$/m, 'image: "images/van.jpg"'));
    try {
      const params = { paths: ['content/images/van.jpg'], options: { commitMessage: 'Delete' } };
      expect(await call({ action: 'deleteFiles', params })).toEqual({
        status: 409,
        body: refused(
          'content/images/van.jpg: is used by content/blog/social-media-guide.md (front matter: image), and cannot be deleted while it is: choose another image there first',
        ),
      });
      expect(existsSync(van)).toBe(true);
    } finally {
      await writeFile(file, text);
      await rm(van, { force: true });
    }
  });

  it('refuses the delete of a draft a legal page links to by the site’s full address, naming the page and its link, deleting nothing', async () => {
    const guide = await readFile(join(project.dir, 'content', 'blog', 'social-media-guide.md'), 'utf8');
    const draft = join(project.dir, 'content', 'blog', 'cookie-tips.md');
    const policy = join(project.dir, 'content', 'legal', 'cookie-policy.md');
    const text = await readFile(policy, 'utf8');
    const href = 'https://www.tradeboostdigital.co.uk/blog/cookie-tips?from=policy#start';
    await writeFile(draft, guide.replace('"social-media-guide"', '"cookie-tips"\ndraft: true'));
    await writeFile(policy, `${text}\nSee [our cookie tips](${href}).\n`);
    try {
      const params = { paths: ['content/blog/cookie-tips.md'], options: { commitMessage: 'Delete' } };
      expect(await call({ action: 'deleteFiles', params })).toEqual({
        status: 409,
        body: refused(
          `content/blog/cookie-tips.md: is linked to by content/legal/cookie-policy.md ("Cookie Policy"), and cannot be deleted while it is: take its link to ${href} out first`,
        ),
      });
      expect(existsSync(draft)).toBe(true);
    } finally {
      await writeFile(policy, text);
      await rm(draft, { force: true });
    }
  });

  it('writes of the photos sent with an entry only those it names: one uploaded, then swapped for another, is not', async () => {
    const raw = '---\ntitle: Probe\nimage:\n  src: "images/kept.jpg"\n---\n';
    const assets = [asset('content/images/swapped.jpg', upload), asset('content/images/kept.jpg', upload)];
    const params = { ...entry('content/blog/photos.md', { raw }), assets };
    expect((await call({ action: 'persistEntry', params })).status).toBe(200);
    expect(await readFile(join(project.dir, 'content', 'blog', 'photos.md'), 'utf8')).toBe(raw);
    expect(await readFile(join(project.dir, 'content', 'images', 'kept.jpg'))).toEqual(upload);
    expect(existsSync(join(project.dir, 'content', 'images', 'swapped.jpg'))).toBe(false);
  });

  it('writes a photo whose name ends another’s, not the one swapped for it: roof.jpg (a document) for big-roof.jpg', async () => {
    const raw = '---\ntitle: Probe\nimage: "images/big-roof.jpg"\n---\n';
    const document = Buffer.from('A quote for a roof, not a photo.\n');
    const assets = [asset('content/images/roof.jpg', document), asset('content/images/big-roof.jpg', upload)];
    const params = { ...entry('content/blog/roof.md', { raw }), assets };
    expect(await call({ action: 'persistEntry', params })).toEqual({
      status: 200,
      body: { message: 'entry persisted' },
    });
    expect(await readFile(join(project.dir, 'content', 'images', 'big-roof.jpg'))).toEqual(upload);
    expect(existsSync(join(project.dir, 'content', 'images', 'roof.jpg'))).toBe(false);
  });

  it('refuses a photo the build would refuse, uploaded alone or with an entry, in the build’s words, writing nothing', async () => {
    const before = await everything();
    const document = Buffer.from('Minutes of the meeting, not a photo at all.\n');
    expect(await call({ action: 'persistMedia', params: media('content/images/document.jpg', document) })).toEqual({
      status: 409,
      body: refused(
        'content/images/document.jpg: is not an image (Input buffer contains unsupported image format): expected a JPEG, PNG, WebP, AVIF, GIF or TIFF file',
      ),
    });
    const heic = Buffer.concat([Buffer.from('\u0000\u0000\u0000\u0018ftypheic', 'latin1'), Buffer.alloc(64)]);
    const raw = '---\ntitle: Probe\nimage:\n  src: "images/phone.heic"\n---\n';
    const params = { ...entry('content/blog/phone.md', { raw }), assets: [asset('content/images/phone.heic', heic)] };
    expect(await call({ action: 'persistEntry', params })).toEqual({
      status: 409,
      body: refused(
        'content/images/phone.heic: is in HEIC format, which the site cannot publish: expected a JPEG, PNG, WebP, AVIF, GIF or TIFF file (export it as JPEG, or PNG for a logo)',
      ),
    });
    expect(await everything()).toEqual(before);
  });

  it('renames entries saved at once (from two tabs, say), each its own file alone, and goes on answering', async () => {
    const blog = join(project.dir, 'content', 'blog');
    const renamed: string[] = [];
    for (let round = 0; round < 10; round++) {
      const saves = ['a', 'b', 'c', 'd'].map((tab) => {
        renamed.push(`renamed-${tab}${round}.md`);
        const params = entry(`content/blog/${tab}${round}.md`, { newPath: `content/blog/renamed-${tab}${round}.md` });
        return call({ action: 'persistEntry', params }).then(({ status }) => status);
      });
      expect(await Promise.all(saves)).toEqual([200, 200, 200, 200]);
    }
    // decap-server renames after it answers.
    await vi.waitFor(() => expect(renamed.filter((name) => !existsSync(join(blog, name)))).toEqual([]));
    expect((await get('/robots.txt')).status).toBe(200);
    await Promise.all(renamed.map((name) => rm(join(blog, name))));
  });
});
