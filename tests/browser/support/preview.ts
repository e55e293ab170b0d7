import { inject } from 'vitest';
import { startPreview, type Preview } from '../../../src/server/preview';
import { projectRoot } from '../../support/cli';

/** The real preview server over the site the global setup built, with its lead database in memory. */
export function startTestPreview(dir = inject('siteDir')): Promise<Preview> {
  return startPreview({ root: projectRoot, dir, port: 0, host: '127.0.0.1', leadsDir: null });
}
