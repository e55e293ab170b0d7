/**
 * The editor's local backend in the real `sitegen dev` (a copy of the
 * project) writes, deletes, reads and lists within content/ alone, and only
 * the files the editor edits there, tried as an attacker would: paths out of
 * content/ (the code CI runs, the package file, "..", absolute, through
 * symbolic links planted in content/), an entry moved out of its folder, a
 * photo outside content/images/ or with no name a photo could have, the files
 * left to the developers, an action decap-server would take wrongly or does
 * not have. Each is refused with 403 or 400, and the project and the folder
 * beside it are byte for byte as they were. Who may ask at all:
 * editor-backend-callers.test.ts.
 */
import { describe, it } from 'vitest';
import {
  asset,
  entry,
  expectRefused,
  media,
  refused,
  useEditorBackend,
  write,
  type Probe,
} from '../support/editor-backend';

useEditorBackend();

describe("the editor's local backend in sitegen dev, beyond the files the editor edits", () => {
  const notEdited = (path: string) =>
    refused(
      `"${path}" is no file the editor edits: expected an entry's .md or .json file (navigation.json and redirects.json are left to the developers)`,
    );
  const probes: Probe[] = [
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
        '"content/blog/local-seo-tips.md" moved to "content/images/local-seo-tips.md": an entry is renamed only within its folder, and alone in its save',
      ),
    ],
    [
      'one file renamed twice in a save (decap-server moves each unawaited: the move that fails would stop sitegen dev)',
      {
        action: 'persistEntry',
        params: {
          ...entry('content/blog/twice.md'),
          dataFiles: ['once', 'again'].map((slug) => ({
            ...entry('content/blog/twice.md').dataFiles[0],
            newPath: `content/blog/${slug}.md`,
          })),
        },
      },
      403,
      refused(
        '"content/blog/twice.md" moved to "content/blog/once.md": an entry is renamed only within its folder, and alone in its save',
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
      'an entry’s file saved over a photo in use, which no upload’s check then sees',
      write('content/images/logo.png'),
      403,
      notEdited('content/images/logo.png'),
    ],
    [
      'a hidden entry, which the build would not read',
      write('content/blog/.draft.md'),
      403,
      notEdited('content/blog/.draft.md'),
    ],
    [
      'an entry in a hidden folder, which the build would not read',
      write('content/.drafts/draft.md'),
      403,
      notEdited('content/.drafts/draft.md'),
    ],
    [
      'a name with a line break, which the build would not read, nor the terminal show on one line',
      write('content/blog/two\nlines.md'),
      400,
      refused('expected a path, found "content/blog/two\\nlines.md"'),
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

  it.each(probes)('refuses %s, and writes nothing', (_name, probe, status, answer) =>
    expectRefused(probe, status, answer),
  );
});
