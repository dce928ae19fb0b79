#!/usr/bin/env node
// npm start: the whole product on one port. Builds the app when the build is missing or older than
// the sources, refuses early if another process holds the embedded database, then runs
// scripts/server.mjs (Next.js's own server, plus what `next start` cannot do). The server itself
// opens (and migrates) the database and starts the job workers (instrumentation.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const require = createRequire(import.meta.url);

const port = Number(process.env.PORT || 3000);
if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`PORT must be a port number, not "${process.env.PORT}".`);
const env = {
  ...process.env,
  PORT: String(port),
  NEXTAUTH_URL: process.env.NEXTAUTH_URL || `http://localhost:${port}`,
  AUTH_TRUST_HOST: process.env.AUTH_TRUST_HOST || 'true',
  NEXT_TELEMETRY_DISABLED: process.env.NEXT_TELEMETRY_DISABLED || '1',
};
// The test-only seeding route creates accounts and keys without authentication: never in the
// product, even when the variable is left set in the operator's shell.
if (env.ENABLE_TEST_API) {
  console.warn('[start] ignoring ENABLE_TEST_API: the test-only routes are for the test suites, not `npm start`.');
  delete env.ENABLE_TEST_API;
}

function fail(message) {
  console.error(`\n[start] ${message}\n`);
  process.exit(1);
}

// Inputs of the build; a change to any of them since .next/BUILD_ID means a rebuild.
const SOURCES = ['app', 'lib', 'components', 'db', 'public', 'instrumentation.ts', 'proxy.ts',
  'next.config.js', 'package.json', 'package-lock.json', 'tsconfig.json', 'postcss.config.mjs'];

function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0; // optional inputs (proxy.ts, public/) may not exist
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // catches deleted and renamed files too
  for (const name of fs.readdirSync(entry)) {
    if (name.startsWith('.') || name === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

function buildIsCurrent() {
  let built;
  try {
    built = fs.statSync(path.join('.next', 'BUILD_ID')).mtimeMs;
  } catch {
    return false;
  }
  return Math.max(...SOURCES.map(newestMtime)) <= built;
}

// The running `next build` or server: Ctrl-C and SIGTERM are passed on to it, so neither
// the build nor the server outlives this process.
let current = null;
let interrupted = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = signal;
    if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
    else process.exit(130);
  });
}

// The `next` command, as package.json's "bin" names it (what node_modules/.bin/next runs).
function nextBin() {
  const manifest = require.resolve('next/package.json');
  const { bin } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin.next);
}

function run(args) {
  // `next build`, or our production server (scripts/server.mjs: Next.js plus GET-body handling).
  const entry = args[0] === 'start' ? path.join('scripts', 'server.mjs') : nextBin();
  current = spawn(process.execPath, [entry, ...(args[0] === 'start' ? args.slice(1) : args)], { stdio: 'inherit', env });
  return current;
}

function waitFor(child) {
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

// PGlite is single-process: say so now rather than after a build and a failed server start.
async function checkEmbeddedDatabase() {
  if (process.env.DATABASE_URL) return;
  const { tsImport } = await import('tsx/esm/api');
  const { DataDirLockedError, lockHolder } = await tsImport('../db/data-dir-lock.ts', import.meta.url);
  const dir = process.env.PGLITE_DIR || path.join(root, '.data', 'pglite');
  if (dir.startsWith('memory://')) return;
  const pid = lockHolder(dir);
  if (pid) fail(new DataDirLockedError(dir, pid).message);
}

async function announceWhenReady(child) {
  const base = `http://localhost:${port}`;
  for (let i = 0; i < 240 && child.exitCode === null; i++) {
    try {
      const res = await fetch(`${base}/api/health`);
      // (A server that exited, e.g. on EADDRINUSE, must not be announced for whoever owns the port.)
      if (res.ok && child.exitCode === null) {
        const where = process.env.DATABASE_URL ? 'Postgres (DATABASE_URL)'
          : `embedded PGlite at ${process.env.PGLITE_DIR || '.data/pglite'}`;
        console.log([
          '',
          `  Engage is running on ${base}  (database: ${where})`,
          `  Sign in at ${base}/login. On the first visit, with no account yet, that page offers setup`,
          '  (create the first account and its admin). API reference: ' + `${base}/api/docs`,
          '',
        ].join('\n'));
        return;
      }
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main() {
  await checkEmbeddedDatabase();

  if (!buildIsCurrent()) {
    console.log('[start] building the app (the build is missing or older than the sources) …');
    const code = await waitFor(run(['build']));
    if (interrupted) process.exit(130);
    if (code !== 0) fail(`next build failed (exit ${code}).`);
    // Building can take a while: check again, in case a server took the database meanwhile.
    await checkEmbeddedDatabase();
  }

  console.log(`[start] starting the server on port ${port}`);
  const server = run(['start', '-p', String(port)]);
  void announceWhenReady(server);
  process.exitCode = await waitFor(server);
}

main().catch((error) => fail(error instanceof Error ? error.stack || error.message : String(error)));
