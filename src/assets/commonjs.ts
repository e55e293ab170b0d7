/**
 * The build's CommonJS dependencies, loaded with require() rather than import(). Importing a CommonJS package from an
 * ES module makes Node scan its source for export names (cjs-module-lexer): for esbuild's large entry and Tailwind's
 * native scanner, that scan is a good part of a small site's build (docs/performance.md).
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const loadEsbuild = () => require('esbuild') as typeof import('esbuild');
export const loadOxide = () => require('@tailwindcss/oxide') as typeof import('@tailwindcss/oxide');
