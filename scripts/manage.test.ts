import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockFilePath } from '@/db/data-dir-lock';

// A running server holds the embedded database through its lock file; a live process standing in
// for the server makes every command meet the same refusal an operator would.
let dir: string;
let holder: ReturnType<typeof spawn>;

beforeAll(() => {
  dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'manage-lock-')), 'pglite');
  holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  fs.writeFileSync(lockFilePath(dir), String(holder.pid));
});

afterAll(() => {
  holder?.kill();
  fs.rmSync(path.dirname(dir), { recursive: true, force: true });
});

function manage(...args: string[]): { status: number | null; error: string; stdout: string } {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DIR: dir };
  delete env.DATABASE_URL;
  const result = spawnSync(process.execPath, [path.join('node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/manage.ts', ...args],
    { cwd: path.resolve(__dirname, '..'), env, encoding: 'utf8', timeout: 60_000 });
  const line = result.stderr.trim().split('\n').at(-1) ?? '';
  return { status: result.status, stdout: result.stdout, error: line ? (JSON.parse(line) as { error: string }).error : '' };
}

describe('npm run manage while a server holds the embedded database', () => {
  const cases: [string, string[], RegExp][] = [
    ['createtemplate', ['--account-id', '1', '--name', 'hello', '--language', 'en', '--category', 'UTILITY'],
      /\/templates\/new\b/],
    ['createaccount', ['--name', 'Acme', '--email', 'a@example.com', '--password', 'correct-horse-battery'],
      /\/login\b.*stop the server, run createaccount/],
    ['createuser', ['--account-id', '1', '--email', 'b@example.com', '--password', 'correct-horse-battery'],
      /\/settings\/members\b/],
    ['createapikey', ['--email', 'a@example.com'], /\/dev\/api-keys\b/],
    ['createchannel', ['--account-id', '1', '--provider', 'sandbox'], /\/settings\/channels\/new\b/],
  ];
  it.each(cases)('%s refuses and names where the dashboard does the same', (command, args, page) => {
    const { status, error, stdout } = manage(command, ...args);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(error).toContain(`in use by another process (pid ${holder.pid})`);
    expect(error).toMatch(page);
  });
});
