// Static output, React for the layout; Astro's and Vite's caches in the site's own folder, kept between its builds.
import react from '@astrojs/react';
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'static',
  outDir: './out',
  cacheDir: './.astro-cache',
  integrations: [react()],
  vite: { cacheDir: './.vite' },
});
