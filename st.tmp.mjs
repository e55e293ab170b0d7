import { build } from './lib/chunks/build-VEBSXD7L.js';
process.env.NODE_ENV='production';
await build({ content: '/tmp/s4k/content', out: '/tmp/s4k/out-st', quiet: true });
