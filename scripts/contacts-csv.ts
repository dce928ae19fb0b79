// Writes a generated contacts CSV to stdout, and what a correct import of it reports to stderr
// (as JSON). The import tests' fixture is made with the defaults:
//
//   npx tsx scripts/contacts-csv.ts > e2e/fixtures/contacts-1k.csv
//   npx tsx scripts/contacts-csv.ts --rows 100000 --seed 7 > /tmp/contacts-100k.csv
//
// Options: --rows N, --seed S, --rejected N, --repeats N (see lib/test-support/contacts-csv.ts).
import { contactsCsv, SAMPLE_1K, type ContactsCsvOptions } from '../lib/test-support/contacts-csv';

const args = process.argv.slice(2);
const options: Record<string, number> = {};
for (let i = 0; i < args.length; i += 2) {
  const name = /^--(rows|seed|rejected|repeats)$/.exec(args[i])?.[1];
  const value = Number(args[i + 1]);
  if (!name || !Number.isInteger(value) || value < 0) {
    console.error('usage: contacts-csv.ts [--rows N] [--seed S] [--rejected N] [--repeats N]');
    process.exit(2);
  }
  options[name] = value;
}
// Without options, the import tests' sample; with --rows alone, default proportions.
const chosen: ContactsCsvOptions = Object.keys(options).length ? { seed: SAMPLE_1K.seed, ...options, rows: options.rows ?? SAMPLE_1K.rows } : SAMPLE_1K;
const file = contactsCsv(chosen);
process.stdout.write(file.text);
console.error(JSON.stringify({ rows: file.rows, rejected: file.rejected, distinct: file.distinct, repeats: file.repeats }));
