import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

// Read once per process: callers ask on every request (each provider callback decrypts its
// channel's settings), and the file never changes under a running process.
const known = new Map<string, string>();

/**
 * A random secret kept in `.data/<name>`, generated on first use: what the embedded default uses
 * when the operator set no environment variable, so a fresh checkout works and restarts keep it.
 */
export function persistedSecret(name: string): string {
  let secret = known.get(name);
  if (secret === undefined) {
    secret = readOrCreate(name);
    known.set(name, secret);
  }
  return secret;
}

function readOrCreate(name: string): string {
  const file = path.join(process.cwd(), '.data', name);
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    try {
      fs.writeFileSync(file, secret, { flag: 'wx', mode: 0o600 });
      return secret;
    } catch {
      return fs.readFileSync(file, 'utf8').trim(); // another process wrote it first
    }
  }
}
