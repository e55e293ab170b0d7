/** Whether a process of that id is running: one of another user's counts (its files are not ours to judge). */
import { readIfThere } from './optional-files';

export function isAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // A killed process not yet reaped (a zombie) still answers kill(0) on Linux.
  const stat = readIfThere(`/proc/${pid}/stat`);
  return stat === undefined || !/^\d+ \(.*\) Z/s.test(stat);
}
