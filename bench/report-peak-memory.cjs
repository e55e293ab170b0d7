// Preloaded into a measured process (node -r): reports its peak resident memory when it exits.
process.on('exit', () => {
  process.stderr.write(`\nbench:max-rss-kb=${process.resourceUsage().maxRSS}\n`);
});
