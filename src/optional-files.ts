import { readdirSync, readFileSync } from 'node:fs';
import { unlessThrown } from './unless-thrown';

/** Files a run may or may not find (caches, .env, a built site's extras): none, or one that cannot be read, is undefined. */
export const readIfThere = (path: string) => unlessThrown(() => readFileSync(path, 'utf8'));

/** A kept JSON file; one that is not JSON (cut short by a killed run) is as good as none. */
export const readJsonIfThere = <T>(path: string) => unlessThrown(() => JSON.parse(readFileSync(path, 'utf8')) as T);

/** A folder's names, or undefined where the folder is gone (another build may remove it since it was listed). */
export const listIfThere = (dir: string) => unlessThrown(() => readdirSync(dir));
