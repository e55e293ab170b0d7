import { readdirSync, readFileSync } from 'node:fs';

/** Files a run may or may not find (caches, .env, a built site's extras): none, or one that cannot be read, is undefined. */
export function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** A kept JSON file; one that is not JSON (cut short by a killed run) is as good as none. */
export function readJsonIfThere<T>(path: string): T | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** A folder's names, or undefined where the folder is gone (another build may remove it since it was listed). */
export function listIfThere(dir: string): string[] | undefined {
  try {
    return readdirSync(dir);
  } catch {
    return undefined;
  }
}
