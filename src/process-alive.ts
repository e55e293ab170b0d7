/** Whether a process of that id is running: one of another user's counts (its files are not ours to judge). */
import { readFileSync } from 'node:fs';

export function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process not yet reaped (a zombie) still answers kill(0) on Linux.
  try {
    return !/^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}
