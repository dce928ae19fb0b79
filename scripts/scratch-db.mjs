// node scripts/scratch-db.mjs create|drop <admin-url> <name> — scratch databases for test runs.
import postgres from 'postgres';

const [action, url, name] = process.argv.slice(2);
if (!/^[a-z0-9_]+$/.test(name ?? '')) throw new Error(`bad database name ${name}`);
const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
try {
  if (action === 'create') await sql.unsafe(`create database ${name}`);
  else await sql.unsafe(`drop database if exists ${name} with (force)`);
} catch (error) {
  console.error(`scratch-db ${action} ${name}: ${error.message}`);
  process.exitCode = 1;
} finally {
  await sql.end();
}
