// Debian packages the project needs outside npm, installed the one way: as root with apt-get (in one
// apt-get run), otherwise stopping with the command to run. Used before the tests (Chromium, Java:
// ensure-system-packages.js) and by the navigation benchmark (Xvfb, xdotool).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Whether a command is on the PATH. */
export function onPath(command) {
  try {
    execFileSync('sh', ['-c', `command -v "${command}"`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** `needed`: { package, what, present() } for each; exits the process with the command to run if they cannot be installed. */
export function ensureSystemPackages(needed, forWhat) {
  const missing = needed.filter((item) => !item.present());
  if (!missing.length) return;
  const command = `apt-get update && apt-get install -y ${missing.map((item) => item.package).join(' ')}`;
  const canInstall = process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `${forWhat} need${forWhat.endsWith('s') ? '' : 's'} ${missing.map((item) => item.what).join(' and ')}, not installed.\nInstall with:\n\n  sudo sh -c '${command}'\n`,
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
