// Test-only, imported first by unit tests that need a real database: the scratch Postgres database
// in TEST_DATABASE_URL when it is set (npm test runs them once each way), else the embedded engine
// in memory. Job workers stay out of the test process.
if (process.env.TEST_DATABASE_URL) process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
else {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DIR = 'memory://';
}
process.env.WORKERS_IN_WEB = 'false';
process.env.CHANNEL_SECRET_KEY ??= 'unit-channel-key-not-for-production';

export {};
