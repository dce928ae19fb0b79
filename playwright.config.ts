import path from 'node:path';
import os from 'node:os';
import { defineConfig } from '@playwright/test';

// API suites run twice, against the embedded default (PGlite) and a scratch Postgres database;
// UI suites run in Debian's Chromium against an embedded server of their own. `scripts/test-all.sh` builds
// the app and creates the scratch database first (TEST_DATABASE_URL).
const runId = process.env.TEST_RUN_ID || String(process.pid);
const pgliteDir = process.env.TEST_PGLITE_DIR || path.join(os.tmpdir(), `engage-e2e-${runId}`, 'pglite');
const PGLITE_PORT = Number(process.env.TEST_PGLITE_PORT || 3201);
const POSTGRES_PORT = Number(process.env.TEST_POSTGRES_PORT || 3202);
const UI_PORT = Number(process.env.TEST_UI_PORT || PGLITE_PORT + 2);
const postgresUrl = process.env.TEST_DATABASE_URL;

const common = {
  ENABLE_TEST_API: '1',
  NEXTAUTH_SECRET: 'e2e-secret-not-for-production',
  AUTH_TRUST_HOST: 'true',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: '127.0.0.1,localhost,::1',
  // The fake Cloud API (e2e/api/fake-cloud.ts) listens on loopback.
  CHANNEL_ALLOW_PRIVATE_BASE_URLS: '127.0.0.1,localhost,::1',
  // Retries after 1 s instead of 5 s, 5 min…, so retry behaviour is testable in seconds.
  WEBHOOK_RETRY_SCHEDULE: '1,1,1,1,1,1,1',
  // Channel provider settings are encrypted with this key; throttled sends retry after 1 s, twice.
  CHANNEL_SECRET_KEY: 'e2e-channel-key-not-for-production',
  MESSAGE_RETRY_SCHEDULE: '1,1',
  // The slow-ACTION test holds its requests open; on a busy machine they must not time out meanwhile.
  FLOW_ACTION_TIMEOUT_MS: '30000',
  SANDBOX_STATUS_DELAY_SECONDS: '1',
  // The suites make many requests per member; throttling has its own test (e2e/api/throttle.spec.ts).
  API_RATE_LIMIT: 'off',
  // The defaults, which e2e/api/sign-in-limit.spec.ts and the UI suite's sign-in test rely on.
  SIGN_IN_MAX_ATTEMPTS: '10',
  SIGN_IN_WINDOW_MINUTES: '15',
};

const servers = [
  {
    command: `node scripts/server.mjs -p ${PGLITE_PORT}`,
    url: `http://127.0.0.1:${PGLITE_PORT}/api/health`,
    env: { ...common, PGLITE_DIR: pgliteDir, NEXTAUTH_URL: `http://127.0.0.1:${PGLITE_PORT}` },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
  },
  {
    // The browser suite's own server: nothing the API suites send reaches it (see the ui projects).
    command: `node scripts/server.mjs -p ${UI_PORT}`,
    url: `http://127.0.0.1:${UI_PORT}/api/health`,
    env: { ...common, PGLITE_DIR: `${pgliteDir}-ui`, NEXTAUTH_URL: `http://127.0.0.1:${UI_PORT}` },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
  },
];
if (postgresUrl) {
  servers.push({
    command: `node scripts/server.mjs -p ${POSTGRES_PORT}`,
    url: `http://127.0.0.1:${POSTGRES_PORT}/api/health`,
    env: { ...common, DATABASE_URL: postgresUrl, NEXTAUTH_URL: `http://127.0.0.1:${POSTGRES_PORT}` } as never,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
  });
}

export default defineConfig({
  testDir: './e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  webServer: servers,
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-quic', '--no-first-run', '--disable-sync'],
    },
  },
  projects: [
    // web-processes.spec.ts is about the several web processes a server runs on Postgres, and
    // broadcast-kill and import-resilience about separate worker processes and a stock Postgres.
    { name: 'api-pglite', testMatch: 'api/**/*.spec.ts', testIgnore: ['api/web-processes.spec.ts', 'api/broadcast-kill.spec.ts', 'api/flow-kill.spec.ts', 'api/import-resilience.spec.ts'], use: { baseURL: `http://127.0.0.1:${PGLITE_PORT}` } },
    ...(postgresUrl ? [{ name: 'api-postgres', testMatch: 'api/**/*.spec.ts', use: { baseURL: `http://127.0.0.1:${POSTGRES_PORT}` } }] : []),
    // One browser test at a time, on a server of their own.
    { name: 'ui', testMatch: 'ui/**/*.spec.ts', workers: 1, use: { baseURL: `http://127.0.0.1:${UI_PORT}`, headless: true } },
  ],
});
