/**
 * The editor's local backend in the real `sitegen dev` (a copy of the
 * project), tried as an attacker would, in raw HTTP so that Host and Origin
 * say what an attacker's page makes them say: a page of another site through
 * DNS rebinding, a page of another origin, a program without the editor's
 * token, and paths out of content/ (the code CI runs, the package file, "..",
 * absolute, through symbolic links). Each is refused with 403 or 400, and the
 * project and the folder beside it are byte for byte as they were.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDevServer, type DevServer } from '../../src/dev/dev-server';
import { fingerprint } from '../support/fingerprint';
import { copyProject, type ProjectCopy } from '../support/project-copy';
import { exchange } from '../support/raw-http';
import { photo } from '../support/test-images';

let project: ProjectCopy;
let outside: string;
let dev: DevServer;
let host: string;
/** This run's token, from the address sitegen dev printed, as the editor's page sends it (admin/local-token.ts). */
let token: string;
const tokenHeader = 'X-Sitegen-Editor-Token';
const lines: string[] = [];
let upload: Buffer;

beforeAll(async () => {
  project = await copyProject();
  upload = await photo({ width: 64, height: 48, hue: 10 });
  outside = await mkdtemp(join(tmpdir(), 'sitegen-outside-'));
  await writeFile(join(outside, 'secret.txt'), 'not the editor’s');
  const blog = join(project.dir, 'content', 'blog');
  // Links a checkout may hold, planted or by mistake: out of the machine's folder, into the project's code, to nothing.
  await symlink(outside, join(blog, 'elsewhere'));
  await mkdir(join(project.dir, 'src'));
  await symlink(join(project.dir, 'src'), join(blog, 'code'));
  await symlink(join(project.dir, 'templates', 'new.tsx'), join(blog, 'dangling.md'));
  await symlink(join(project.dir, 'tsconfig.json'), join(project.dir, 'content', 'images', 'settings.png'));
  dev = await startDevServer({
    root: project.dir,
    port: 0,
    host: '127.0.0.1',
    leadsDir: null,
    log: (line) => lines.push(line),
  });
  host = new URL(dev.url).host;
  token = new URL(dev.editorUrl).searchParams.get('token')!;
});
afterAll(async () => {
  await dev?.close();
  await project?.remove();
  await rm(outside, { recursive: true, force: true });
});

interface Call {
  action: string;
  params: object;
  /** Headers in place of the editor page's; null leaves one out. */
  headers?: Record<string, string | null>;
}

/** A request of Decap's proxy backend, with the editor page's Host, Origin and token unless `headers` says otherwise. */
async function call({ action, params, headers = {} }: Call) {
  const body = JSON.stringify({ action, params: { branch: 'main', ...params } });
  const sent = { Host: host, Origin: `http://${host}`, [tokenHeader]: token, ...headers };
  const head = [
    'POST /admin/api/v1 HTTP/1.1',
    ...Object.entries(sent).flatMap(([name, value]) => (value === null ? [] : [`${name}: ${value}`])),
    'Content-Type: application/json',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Connection: close',
  ];
  const answer = await exchange(dev.url, `${head.join('\r\n')}\r\n\r\n${body}`);
  const text = answer.body.toString();
  return {
    status: answer.status,
    body: answer.headers['content-type']?.startsWith('application/json') ? JSON.parse(text) : text,
  };
}

const entry = (path: string, extra: object = {}) => ({
  dataFiles: [{ slug: 'probe', path, raw: '---\ntitle: Probe\n---\n', ...extra }],
  assets: [],
  options: { commitMessage: 'Probe', useWorkflow: false, status: 'published' },
});
const asset = (path: string, bytes: Buffer = Buffer.from('probe')) => ({
  path,
  content: bytes.toString('base64'),
  encoding: 'base64',
});
const media = (path: string, bytes?: Buffer) => ({ asset: asset(path, bytes), options: { commitMessage: 'Upload' } });
const refused = (reason: string) => ({ error: `sitegen dev refused this: ${reason}` });

/** Every file of the project and of the folder beside it, with its bytes' hash. */
async function everything() {
  return { project: await fingerprint(project.dir), outside: await fingerprint(outside) };
}

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

  const write = (path: string) => ({ action: 'persistEntry', params: entry(path) });
  const notEdited = (path: string) =>
    refused(
      `"${path}" is no file the editor edits: expected an entry's .md or .json file (navigation.json and redirects.json are left to the developers)`,
    );
  const probes: [string, Call, number, object | string][] = [
    [
      'a page of another site through DNS rebinding (its own Host and Origin)',
      {
        ...write('content/blog/rebound.md'),
        headers: { Host: 'evil.example:PORT', Origin: 'http://evil.example:PORT' },
      },
      403,
      'Refused: this server answers localhost, IP addresses and the name given with --host, not "evil.example" (for a name /etc/hosts points at this machine, start it with --host evil.example)\n',
    ],
    [
      'a page of another origin',
      { ...write('content/blog/cross.md'), headers: { Origin: 'http://attacker.example' } },
      403,
      refused("a request from http://attacker.example, not from this server's own pages"),
    ],
    [
      'another local server’s page (same site, another port)',
      { ...write('content/blog/cross.md'), headers: { Origin: 'http://127.0.0.1:1' } },
      403,
      refused("a request from http://127.0.0.1:1, not from this server's own pages"),
    ],
    [
      'a request without the token',
      { ...write('content/blog/no-token.md'), headers: { [tokenHeader]: null } },
      403,
      refused("no editor token: open the editor at the address sitegen dev printed, with this run's token"),
    ],
    [
      'a request with another token',
      { ...write('content/blog/no-token.md'), headers: { [tokenHeader]: 'ANOTHER_TOKEN' } },
      403,
      refused(
        "an editor token of another run: open the editor at the address sitegen dev printed, with this run's token",
      ),
    ],
    [
      'a token as long as this run’s with a character outside ASCII',
      { ...write('content/blog/no-token.md'), headers: { [tokenHeader]: 'NON_ASCII_TOKEN' } },
      403,
      refused(
        "an editor token of another run: open the editor at the address sitegen dev printed, with this run's token",
      ),
    ],
    [
      'the token in a cookie, as a cookie of localhost reaches every server of localhost',
      { ...write('content/blog/no-token.md'), headers: { [tokenHeader]: null, Cookie: `sitegen-editor-PORT=TOKEN` } },
      403,
      refused("no editor token: open the editor at the address sitegen dev printed, with this run's token"),
    ],
    ['the code CI runs', write('src/probe.ts'), 403, refused('"src/probe.ts" is outside content/')],
    ['CI’s own files', write('.ci/run'), 403, refused('".ci/run" is outside content/')],
    ['the package file', write('package.json'), 403, refused('"package.json" is outside content/')],
    [
      'a path that climbs',
      write('content/../package.json'),
      400,
      refused('"content/../package.json" climbs with ".."'),
    ],
    [
      'an absolute path, even into content/',
      write('ABSOLUTE/content/blog/absolute.md'),
      400,
      refused('"ABSOLUTE/content/blog/absolute.md" is absolute: expected a path from the project\'s folder'),
    ],
    [
      'a path on past a file, in its words, not the machine’s folders',
      write('content/site.json/probe.md'),
      400,
      refused('"content/site.json/probe.md" goes on past a file, as if it were a folder'),
    ],
    [
      'a name too long for the file system',
      write(`content/blog/${'a'.repeat(300)}.md`),
      400,
      refused(`"content/blog/${'a'.repeat(300)}.md" names a file too long for the file system`),
    ],
    [
      'a symbolic link in content/ to a folder outside the project',
      write('content/blog/elsewhere/probe.md'),
      403,
      refused('"content/blog/elsewhere/probe.md" goes through a symbolic link that leads out of content/ or nowhere'),
    ],
    [
      'a symbolic link in content/ to the project’s code',
      write('content/blog/code/probe.ts'),
      403,
      refused('"content/blog/code/probe.ts" goes through a symbolic link that leads out of content/ or nowhere'),
    ],
    [
      'a symbolic link in content/ to a file yet to be (writing through it would create it)',
      write('content/blog/dangling.md'),
      403,
      refused('"content/blog/dangling.md" goes through a symbolic link that leads out of content/ or nowhere'),
    ],
    [
      'an entry moved out of content/',
      { action: 'persistEntry', params: entry('content/blog/moved.md', { newPath: 'templates/moved.tsx' }) },
      403,
      refused('"templates/moved.tsx" is outside content/'),
    ],
    [
      'an entry moved to another folder of content/ (decap-server would move every file of its folder with it)',
      {
        action: 'persistEntry',
        params: entry('content/blog/local-seo-tips.md', { newPath: 'content/images/local-seo-tips.md' }),
      },
      403,
      refused(
        '"content/blog/local-seo-tips.md" moved to "content/images/local-seo-tips.md": an entry is renamed only within its folder',
      ),
    ],
    [
      'an entry’s photo uploaded outside content/images/',
      {
        action: 'persistEntry',
        params: { ...entry('content/blog/photo.md'), assets: [asset('content/blog/photo.jpg')] },
      },
      403,
      refused('"content/blog/photo.jpg" is outside content/images/'),
    ],
    [
      'a photo uploaded outside content/images/',
      { action: 'persistMedia', params: media('public/probe.svg') },
      403,
      refused('"public/probe.svg" is outside content/images/'),
    ],
    [
      'a hidden file uploaded to content/images/, which no content could name',
      { action: 'persistMedia', params: media('content/images/.htaccess') },
      400,
      refused('"content/images/.htaccess" is no name for a photo: expected one such as "content/images/van.jpg"'),
    ],
    [
      'an entry’s upload with no extension',
      {
        action: 'persistEntry',
        params: { ...entry('content/blog/photo.md'), assets: [asset('content/images/photo')] },
      },
      400,
      refused('"content/images/photo" is no name for a photo: expected one such as "content/images/van.jpg"'),
    ],
    [
      'a file of content/ left to the developers, which the editor does not offer',
      write('content/navigation.json'),
      403,
      notEdited('content/navigation.json'),
    ],
    [
      'a file of content/ that is no entry, and that the build would not read',
      write('content/blog/landing.html'),
      403,
      notEdited('content/blog/landing.html'),
    ],
    [
      "an entry renamed to a developers' file",
      { action: 'persistEntry', params: entry('content/site.json', { newPath: 'content/redirects.json' }) },
      403,
      notEdited('content/redirects.json'),
    ],
    [
      'a delete of a folder of articles (decap-server would answer it done, deleting nothing)',
      { action: 'deleteFile', params: { path: 'content/blog', options: { commitMessage: 'Delete' } } },
      403,
      notEdited('content/blog'),
    ],
    [
      "a delete of the photos' folder",
      { action: 'deleteFiles', params: { paths: ['content/images'], options: { commitMessage: 'Delete' } } },
      400,
      refused('"content/images" is no name for a photo: expected one such as "content/images/van.jpg"'),
    ],
    [
      'a delete outside content/',
      { action: 'deleteFile', params: { path: 'package.json', options: { commitMessage: 'Delete' } } },
      403,
      refused('"package.json" is outside content/'),
    ],
    [
      'a delete of several files, one outside content/',
      {
        action: 'deleteFiles',
        params: {
          paths: ['content/blog/google-ads-guide.md', 'templates/Page.tsx'],
          options: { commitMessage: 'Delete' },
        },
      },
      403,
      refused('"templates/Page.tsx" is outside content/'),
    ],
    [
      'a read outside content/',
      { action: 'getEntry', params: { path: 'package.json' } },
      403,
      refused('"package.json" is outside content/'),
    ],
    [
      'a read through a symbolic link out of the project',
      { action: 'getMediaFile', params: { path: 'content/blog/elsewhere/secret.txt' } },
      403,
      refused('"content/blog/elsewhere/secret.txt" goes through a symbolic link that leads out of content/ or nowhere'),
    ],
    [
      'a listing of the articles, one of them a link out of content/ (the listing would read it)',
      { action: 'entriesByFolder', params: { branch: 'main', folder: 'content/blog', extension: 'md', depth: 1 } },
      403,
      refused('"content/blog/code" goes through a symbolic link that leads out of content/ or nowhere'),
    ],
    [
      'a listing of the photos, one of them a link to the project’s settings',
      { action: 'getMedia', params: { branch: 'main', mediaFolder: 'content/images' } },
      403,
      refused('"content/images/settings.png" goes through a symbolic link that leads out of content/ or nowhere'),
    ],
    [
      'an action decap-server’s file-system mode does not have',
      { action: 'unpublishedEntryDataFile', params: { path: 'package.json' } },
      400,
      refused('unknown action "unpublishedEntryDataFile"'),
    ],
  ];

  it.each(probes)('refuses %s, and writes nothing', async (_name, probe, status, answer) => {
    const before = await everything();
    // What the table cannot know before the server runs: its port, the project's folder, this run's token.
    const last = token.at(-1) === 'x' ? 'y' : 'x';
    const fill = <T>(value: T): T =>
      JSON.parse(
        JSON.stringify(value)
          .replaceAll('PORT', new URL(dev.url).port)
          .replaceAll('ABSOLUTE', project.dir)
          .replaceAll('ANOTHER_TOKEN', `${token.slice(0, -1)}${last}`)
          // Two bytes of UTF-8 for two characters: the server reads as many characters as the token has, more bytes.
          .replaceAll('NON_ASCII_TOKEN', `${token.slice(0, -2)}é`)
          .replaceAll('=TOKEN', `=${token}`),
      );
    expect(await call(fill(probe))).toEqual({ status, body: fill(answer) });
    await dev.idle();
    expect(await everything()).toEqual(before);
  });

  it('says a body that is not JSON is not what it takes', async () => {
    const body = 'action=persistEntry';
    const answer = await exchange(
      dev.url,
      `POST /admin/api/v1 HTTP/1.1\r\nHost: ${host}\r\n${tokenHeader}: ${token}\r\nContent-Type: text/plain\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect([answer.status, JSON.parse(answer.body.toString())]).toEqual([
      400,
      refused('expected JSON naming an action'),
    ]);
  });

  it("says a body that is not JSON is not what it takes, in the backend's words", async () => {
    const body = '{bad';
    const answer = await exchange(
      dev.url,
      `POST /admin/api/v1 HTTP/1.1\r\nHost: ${host}\r\n${tokenHeader}: ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body.toString()).error).toMatch(
      /^sitegen dev refused this: expected JSON naming an action: Expected property name/,
    );
  });

  it("refuses another site's CORS preflight as it refuses its request", async () => {
    const answer = await exchange(
      dev.url,
      `OPTIONS /admin/api/v1 HTTP/1.1\r\nHost: ${host}\r\nOrigin: http://evil.example\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: ${tokenHeader}\r\nConnection: close\r\n\r\n`,
    );
    expect([answer.status, answer.headers['access-control-allow-origin']]).toEqual([403, undefined]);
  });

  it('answers POST alone', async () => {
    const answer = await exchange(
      dev.url,
      `GET /admin/api/v1 HTTP/1.1\r\nHost: ${host}\r\n${tokenHeader}: ${token}\r\nConnection: close\r\n\r\n`,
    );
    expect([answer.status, answer.headers.allow]).toEqual([405, 'POST']);
  });
});
