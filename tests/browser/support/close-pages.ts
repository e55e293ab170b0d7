/** Run before every browser test file (vitest's setupFiles): the pages a file opened close when it ends. */
import { afterAll } from 'vitest';
import { closePages } from './browser';

afterAll(closePages);
