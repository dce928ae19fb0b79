import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server calls the methods that methods() builds without Next.js's route module around them
// (scripts/route-handlers.mjs), so no request context exists while they run: cookies(), headers(),
// after(), connection(), the data cache, redirect() or notFound(), or getServerSession would
// throw or do nothing there. These checks keep the server code to the Request it is handed.

const ROOT = path.resolve(__dirname, '../..');
const NEXT_AUTH_ROUTE = 'app/api/auth/[...nextauth]/route.ts'; // next-auth's own, served by Next.js's handler

function files(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(rel);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
  });
}

describe('API endpoints and the code under them', () => {
  it("use none of Next.js's request context", () => {
    const serverCode = [...files('lib').filter((f) => !f.startsWith('lib/client/')), ...files('app/api'), ...files('db')]
      .filter((f) => f !== NEXT_AUTH_ROUTE);
    expect(serverCode.length).toBeGreaterThan(50);
    const offenders = serverCode.filter((file) => {
      const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
      // imported, required or imported dynamically: Next.js's request-scoped modules, or its internals
      return /(?:from|import|require)\s*\(?\s*['"]next\/(?:headers|cache|server|navigation|dist\/)/.test(text) || /\bgetServerSession\b/.test(text);
    });
    expect(offenders).toEqual([]);
  });

  it("are every API route file's methods, built by methods(), but next-auth's", () => {
    const routes = files('app/api').filter((f) => f.endsWith('/route.ts'));
    expect(routes.length).toBeGreaterThan(30);
    const unmarked = routes.filter((file) => file !== NEXT_AUTH_ROUTE
      && !/export const \{ GET, POST, PUT, PATCH, DELETE \} = methods\(/.test(fs.readFileSync(path.join(ROOT, file), 'utf8')));
    expect(unmarked).toEqual([]);
  });
});
