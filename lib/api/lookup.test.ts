import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// DRF looks an object up before it reads the request's body: another account's id is a 404
// whatever the body or query holds. endpoint() does the same for routes that give it a `lookup`
// (lib/api/handler.ts); this check keeps every route about one object that reads a body or a query
// from forgetting it.

const ROOT = path.resolve(__dirname, '../..');

function routeFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(rel);
    return entry.name === 'route.ts' ? [rel] : [];
  });
}

describe('routes about one object', () => {
  it('look the object up when they read a body or a query', () => {
    const endpoints = routeFiles('app/api').flatMap((file) => fs.readFileSync(path.join(ROOT, file), 'utf8')
      .split(/\bendpoint\(\{/).slice(1).map((config) => ({ file, config })));
    expect(endpoints.length).toBeGreaterThan(40);
    const byId = endpoints.filter(({ config }) => /\bparams\b/.test(config) && !/auth: false/.test(config));
    const reading = byId.filter(({ config }) => /\b(body|query):/.test(config));
    expect(reading.length).toBeGreaterThanOrEqual(12);
    expect(reading.filter(({ config }) => !/\blookup\b/.test(config)).map(({ file }) => file)).toEqual([]);
  });
});
