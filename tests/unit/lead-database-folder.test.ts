/**
 * The local lead database's folder (src/leads/lead-database.ts,
 * src/leads/lead-folder.ts): one process at a time on it, a folder or a file
 * named by mistake left as it is, and a folder made world-readable mended to
 * its owner only, without going through a link in it.
 */
import { spawn } from 'node:child_process';
import { chmod, mkdir, readdir, stat, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openLeadDatabase } from '../../src/leads/lead-database';
import { LeadDatabaseBusyError } from '../../src/leads/lead-folder';
import { listLeads } from '../../src/leads/pglite-lead-store';
import { copyMigratedLeads } from '../support/migrated-leads';
import { modes, removeTempDirs, tempDir } from '../support/lead-database-setup';

afterAll(removeTempDirs);

describe('one process at a time', { timeout: 60_000 }, () => {
  it('refuses a second open of the same folder while the first is open, and allows it after close', async () => {
    const dataDir = join(await tempDir(), 'leads');
    await copyMigratedLeads(dataDir);
    const first = await openLeadDatabase(dataDir);
    const second = openLeadDatabase(dataDir);
    await expect(second).rejects.toBeInstanceOf(LeadDatabaseBusyError);
    await expect(second).rejects.toThrow(`the lead database ${dataDir} is in use by process ${process.pid}`);
    await first.close();
    expect(await readdir(dataDir)).not.toContain('sitegen.lock');
    const third = await openLeadDatabase(dataDir);
    await third.close();
  });

  it('refuses a folder locked by another live process, and takes over a lock left by a dead one', async () => {
    const dataDir = join(await tempDir(), 'leads');
    await copyMigratedLeads(dataDir);
    const lockFile = join(dataDir, 'sitegen.lock');

    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await writeFile(lockFile, JSON.stringify({ pid: other.pid }));
      await expect(openLeadDatabase(dataDir)).rejects.toThrow(
        `the lead database ${dataDir} is in use by process ${other.pid}`,
      );
    } finally {
      other.kill();
    }
    await new Promise((resolve) => other.once('exit', resolve));

    // The process is gone: its lock is stale.
    const db = await openLeadDatabase(dataDir);
    expect(await listLeads(db)).toEqual([]);
    await db.close();

    // A server that has stored no lead yet holds a folder with no database in it: in use, and said so.
    const fresh = join(await tempDir(), 'leads');
    const server = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      await mkdir(fresh);
      await writeFile(join(fresh, 'sitegen.lock'), JSON.stringify({ pid: server.pid }));
      await writeFile(join(fresh, 'server.json'), '{}');
      await expect(openLeadDatabase(fresh)).rejects.toThrow(
        `the lead database ${fresh} is in use by process ${server.pid}`,
      );
    } finally {
      server.kill();
    }
  });
});

describe('a folder named by mistake', () => {
  it('is left as it is: a folder of other files, or a file, is refused, nothing made or changed in it', async () => {
    const site = await tempDir();
    await writeFile(join(site, 'index.html'), '<!DOCTYPE html>');
    await chmod(join(site, 'index.html'), 0o644);
    await expect(openLeadDatabase(site)).rejects.toThrow(
      `the lead database ${site}: expected an empty folder or a lead database (one with PG_VERSION), found other files (index.html): name a folder of its own`,
    );
    expect(await readdir(site)).toEqual(['index.html']);
    expect((await stat(join(site, 'index.html'))).mode & 0o777).toBe(0o644);
    const file = join(site, 'index.html');
    await expect(openLeadDatabase(file)).rejects.toThrow(`the lead database ${file}: expected a folder, found a file`);
  });
});

describe('owner only', () => {
  it('mends a folder made world-readable before, on open', async () => {
    const dataDir = join(await tempDir(), 'leads');
    await copyMigratedLeads(dataDir);
    await chmod(dataDir, 0o755);
    for (const entry of await modes(dataDir)) await chmod(entry.path, entry.folder ? 0o755 : 0o666);
    const db = await openLeadDatabase(dataDir);
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await modes(dataDir)).filter((entry) => entry.mode & 0o077)).toEqual([]);
    await db.close();
  });

  it('leaves alone the files and folders a link in it leads to (Node 26 lists through links)', async () => {
    const dir = await tempDir();
    const dataDir = join(dir, 'leads');
    await copyMigratedLeads(dataDir);
    const elsewhere = join(dir, 'shared', 'photos');
    await mkdir(elsewhere, { recursive: true });
    await writeFile(join(elsewhere, 'van.jpg'), 'a photo');
    await chmod(elsewhere, 0o755);
    await chmod(join(elsewhere, 'van.jpg'), 0o644);
    await symlink(join(dir, 'shared'), join(dataDir, 'shared'));
    const db = await openLeadDatabase(dataDir);
    await db.close();
    expect((await stat(elsewhere)).mode & 0o777).toBe(0o755);
    expect((await stat(join(elsewhere, 'van.jpg'))).mode & 0o777).toBe(0o644);
  });
});
