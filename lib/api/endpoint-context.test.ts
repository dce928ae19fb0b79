import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every API route file exports the methods that methods() builds, so a method a route does not
// serve gets the API's DRF 405 (with Allow) rather than Next.js's empty one, and OPTIONS lists them.

const ROOT = path.resolve(__dirname, '../..');

function files(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('API route files', () => {
  it('export the methods methods() builds, OPTIONS included', () => {
    const routes = files('app/api').filter((f) => f.endsWith('/route.ts'));
    expect(routes.length).toBeGreaterThan(30);
    const unmarked = routes.filter((file) => !/export const \{ GET, POST, PUT, PATCH, DELETE, OPTIONS \} = methods\(/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(unmarked).toEqual([]);
  });
});
