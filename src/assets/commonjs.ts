/**
 * The build's CommonJS dependencies, loaded with require() rather than
 * import(). Importing a CommonJS package from an ES module makes Node scan
 * its source for export names (cjs-module-lexer); for esbuild's 100 KB entry
 * and Tailwind's native scanner that scan, and compiling the scanner that
 * hot, cost over half a second of CPU per build, measured with --trace-opt.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const loadEsbuild = () => require('esbuild') as typeof import('esbuild');
export const loadOxide = () => require('@tailwindcss/oxide') as typeof import('@tailwindcss/oxide');
