// Before the tests (npm test's pretest) and in CI's install step: the browser tests and gates drive
// Debian's Chromium, and the html gate runs the Nu HTML Checker on Java; neither is ever skipped.
// Whatever is missing is installed when we can (root with apt-get, in one apt-get run), else we
// stop with the command to run. The one list of the system packages the project needs.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const java = process.env.JAVA ?? 'java';

const onPath = (command) => {
  try {
    execFileSync('sh', ['-c', `command -v "${command}"`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

const needed = [
  { package: 'chromium', what: `Chromium at ${chromium}`, present: () => existsSync(chromium) },
  { package: 'default-jre-headless', what: `Java (\`${java}\`)`, present: () => onPath(java) },
];
const missing = needed.filter((item) => !item.present());

if (missing.length) {
  const command = `apt-get update && apt-get install -y ${missing.map((item) => item.package).join(' ')}`;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `The tests need ${missing.map((item) => item.what).join(' and ')}, not installed.\nInstall with:\n\n  sudo sh -c '${command}'\n`,
    );
    process.exit(1);
  }
  console.log(`Missing ${missing.map((item) => item.what).join(' and ')}: installing (${command})`);
  execFileSync('sh', ['-c', `${command} >/dev/null`], { stdio: 'inherit' });
  const still = missing.filter((item) => !item.present());
  if (still.length) {
    console.error(`Installing did not provide ${still.map((item) => item.what).join(' and ')}. Run: ${command}`);
    process.exit(1);
  }
}
