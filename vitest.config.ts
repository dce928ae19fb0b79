import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit tests live next to the code they test (lib/**/*.test.ts, scripts/**/*.test.ts). API and UI tests are Playwright
// suites under e2e/, run against a real server.
export default defineConfig({
  resolve: { alias: { '@': path.resolve(__dirname) } },
  // Generous timeouts: a file's first test starts its database, which a busy machine makes slow.
  test: { include: ['lib/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node',
    // Unit tests run fake providers on loopback (lib/net/outbound-guard.ts refuses it otherwise).
    env: { CHANNEL_ALLOW_PRIVATE_BASE_URLS: '127.0.0.1,localhost,::1' },
    testTimeout: 90_000, hookTimeout: 90_000 },
});
