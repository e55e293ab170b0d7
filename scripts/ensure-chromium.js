// Before the tests: the browser tests drive Debian's Chromium and are never skipped.
// If it is missing, install it when we can (root with apt-get), else stop with the command to run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const command = 'apt-get update && apt-get install -y chromium';

if (!existsSync(chromium)) {
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(`The browser tests need Chromium at ${chromium}, and it is not installed.\nInstall it with:\n\n  sudo sh -c '${command}'\n`);
    process.exit(1);
  }
  console.log(`Chromium is missing: installing it (${command})`);
  execFileSync('sh', ['-c', `${command} >/dev/null`], { stdio: 'inherit' });
  if (!existsSync(chromium)) {
    console.error(`Installing Chromium did not produce ${chromium}. Run: ${command}`);
    process.exit(1);
  }
}
