/** A file of a project copy as the tests of publishing read it: as text, or loaded as a page. */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as cheerio from 'cheerio';
import type { ProjectCopy } from './project-copy';

/** A file of the project copy, as text. */
export const read = (project: ProjectCopy, file: string) => readFile(join(project.dir, file), 'utf8');
/** A file of the project copy, loaded as a page. */
export const load = async (project: ProjectCopy, file: string) => cheerio.load(await read(project, file));
