import path from 'node:path';
import { defineConfig } from 'vitest/config';

// Unit tests live next to the code they test (lib/**/*.test.ts, scripts/**/*.test.ts). API and UI tests are Playwright
// suites under e2e/, run against a real server.
export default defineConfig({
  resolve: { alias: { '@': path.resolve(__dirname) } },
  // Generous timeouts: a file's first test starts its database, which a busy machine makes slow.
  test: { include: ['lib/**/*.test.ts', 'db/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node', testTimeout: 90_000, hookTimeout: 90_000 },
});
