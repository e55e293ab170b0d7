/**
 * Something the global setups of several projects share, made once a run:
 * vitest sets up each project in its own module graph but in one process, so
 * the first project to ask makes it and the last to finish removes it.
 */
interface Made<T> {
  value: T;
  remove: () => Promise<void>;
}

const shared = globalThis as { sitegenOncePerRun?: Map<string, { made: Promise<Made<unknown>>; users: number }> };

export async function oncePerRun<T>(
  name: string,
  make: () => Promise<Made<T>>,
): Promise<{ value: T; release: () => Promise<void> }> {
  const all = (shared.sitegenOncePerRun ??= new Map());
  let entry = all.get(name);
  if (!entry) all.set(name, (entry = { made: make(), users: 0 }));
  entry.users++;
  const made = (await entry.made) as Made<T>;
  const known = entry;
  return {
    value: made.value,
    release: async () => {
      if (--known.users > 0) return;
      all.delete(name);
      await made.remove();
    },
  };
}
