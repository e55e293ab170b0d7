/**
 * The editor's local backend in the real `sitegen dev` (a copy of the
 * project), tried as an attacker would, in raw HTTP so that Host and Origin
 * say what an attacker's page makes them say: a page of another site through
 * DNS rebinding, a page of another origin, a program without the editor's
 * token, and paths out of content/ (the code CI runs, the package file, "..",
 * absolute, through symbolic links). Each is refused with 403 or 400, and the
 * project and the folder beside it are byte for byte as they were. What the
 * editor's own page may do: editor-backend-saves.test.ts.
 */
import { describe, expect, it } from 'vitest';
import {
  asset,
  call,
  dev,
  entry,
  everything,
  host,
  media,
  project,
  refused,
  token,
  tokenHeader,
  useEditorBackend,
  type Call,
} from '../support/editor-backend';
import { exchange } from '../support/raw-http';

useEditorBackend();

describe("the editor's local backend in sitegen dev", () => {
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
