import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * A random secret kept in `.data/<name>`, generated on first use: what the embedded default uses
 * when the operator set no environment variable, so a fresh checkout works and restarts keep it.
 */
export function persistedSecret(name: string): string {
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
