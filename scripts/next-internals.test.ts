import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The project uses Next.js through its public entry points only (`next`, `next/server`,
// `next/navigation`, the `next` command…): a module under its dist folder is private, and moves or
// changes between releases without notice. This scans the project's own source files for a module
// path into it, in an import, a require, a require.resolve or any other string.

const ROOT = path.resolve(__dirname, '..');
const FOLDERS = ['app', 'lib', 'components', 'db', 'scripts', 'e2e', 'bench'];
const SOURCE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
// A string literal that starts with the private folder's path.
const PRIVATE_MODULE = /['"`]next\/dist(?:\/|['"`])/;

function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(path.join(ROOT, dir))) return [];
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : sourceFiles(rel);
    return SOURCE.test(entry.name) ? [rel] : [];
  });
}

describe("Next.js's private modules", () => {
  it('are named by no source file of the project', () => {
    const configFiles = fs.readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isFile() && SOURCE.test(entry.name)).map((entry) => entry.name);
    const files = [...FOLDERS.flatMap(sourceFiles), ...configFiles];
    expect(files).toContain('next.config.js');
    expect(files).toContain(path.join('scripts', 'server.mjs'));
    expect(files.length).toBeGreaterThan(200);
    const offenders = files.flatMap((file) => fs.readFileSync(path.join(ROOT, file), 'utf8').split('\n')
      .map((line, i) => (PRIVATE_MODULE.test(line) ? `${file}:${i + 1}: ${line.trim()}` : null))
      .filter((found): found is string => found !== null));
    expect(offenders).toEqual([]);
  });

  it('are recognised in every form of reference', () => {
    const dist = ['next', 'dist'].join('/');
    for (const line of [
      `import { x } from '${dist}/server/web/utils';`,
      `const { y } = require("${dist}/shared/lib/router/utils");`,
      `require.resolve('${dist}/bin/next')`,
      `await import(\`${dist}/compiled/cookie\`)`,
      `require('${dist}')`,
    ]) expect(PRIVATE_MODULE.test(line), line).toBe(true);
    for (const line of ["import next from 'next';", "import { NextRequest } from 'next/server';", "require.resolve('next/package.json')", "import x from 'next-dist-thing';"]) {
      expect(PRIVATE_MODULE.test(line), line).toBe(false);
    }
  });
});
