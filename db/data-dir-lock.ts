import fs from 'node:fs';
import path from 'node:path';

// PGlite is one process's database: a second process opening the same directory would corrupt it.
// The lock file holds the owner's pid; a lock left by a dead process is taken over.

export class DataDirLockedError extends Error {
  constructor(readonly dir: string, readonly pid: number, instead?: string) {
    super(
      `The embedded database at ${dir} is in use by another process (pid ${pid}). ` +
        (instead ?? 'Stop the running server first, or set DATABASE_URL to use a shared Postgres.'),
    );
    this.name = 'DataDirLockedError';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function lockFilePath(dataDir: string): string {
  return path.join(path.dirname(path.resolve(dataDir)), `${path.basename(dataDir)}.lock`);
}

/** Returns the pid holding the directory, or null when it is free. */
export function lockHolder(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(lockFilePath(dataDir), 'utf8').trim());
    return pid && pid !== process.pid && isAlive(pid) ? pid : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string): () => void {
  const file = lockFilePath(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
      const release = () => {
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(process.pid)) fs.unlinkSync(file);
        } catch {
          /* already gone */
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(fs.readFileSync(file, 'utf8').trim());
      if (holder === process.pid) return () => {};
      if (holder && isAlive(holder)) throw new DataDirLockedError(dataDir, holder);
      fs.unlinkSync(file); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}
