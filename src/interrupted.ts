import { constants } from 'node:os';
import { SitegenError } from './errors';

/**
 * A build stopped by a signal (Ctrl-C, a closed terminal, a cancelled CI job): it fails as bad input would, before its
 * output is swapped in, so the output, and the output before last that the next build writes over, stay as they were,
 * with nothing left beside them.
 */
export class Interrupted extends SitegenError {
  override name = 'Interrupted';
  constructor(readonly signal: NodeJS.Signals) {
    super(`build interrupted by ${signal}: the output is as it was`);
  }

  /** What a shell expects of a process a signal stopped: 128 and the signal's number (130 for Ctrl-C). */
  get exitCode(): number {
    return 128 + (constants.signals[this.signal] ?? 0);
  }
}
