import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';

export const collections = { blog: defineCollection({ loader: glob({ pattern: '*.md', base: './src/blog' }) }) };
