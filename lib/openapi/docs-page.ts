import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { etag as etagOf } from './http';

// The interactive reference at /api/docs: Swagger UI from the `swagger-ui-dist` package, served
// by this app from node_modules (nothing copied into git, no CDN), pointed at /api/schema.

export const DOCS_ASSETS_PATH = '/api/docs/assets';

/** Files of swagger-ui-dist the page may load; anything else is a 404. */
const PACKAGE_FILES: Record<string, string> = {
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui.css.map': 'application/json; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

// Swagger UI's defaults would call validator.swagger.io; `validatorUrl: null` keeps the page offline.
const INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/schema',
    dom_id: '#swagger-ui',
    deepLinking: true,
    persistAuthorization: true,
    displayRequestDuration: true,
    filter: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

export type Asset = { body: Uint8Array; contentType: string; etag: string };

function packageDir(): string {
  // Resolved from the project root, as lib/health.ts reads db/migrations: the server bundle
  // cannot rely on require.resolve for a package it does not import.
  return path.join(process.cwd(), 'node_modules', 'swagger-ui-dist');
}

let version: Promise<string> | undefined;
/** swagger-ui-dist's version, used to bust caches of the asset URLs on upgrade. */
export function rendererVersion(): Promise<string> {
  return (version ??= readFile(path.join(packageDir(), 'package.json'), 'utf8')
    .then((text) => String(JSON.parse(text).version))
    .catch(() => '0'));
}

const assets = new Map<string, Promise<Asset | null>>();

/** One allow-listed asset, read once per process; null for any other name. */
export function docsAsset(file: string): Promise<Asset | null> {
  if (file === 'docs-init.js') {
    return Promise.resolve({ body: new TextEncoder().encode(INIT_SCRIPT), contentType: 'text/javascript; charset=utf-8', etag: etagOf(INIT_SCRIPT) });
  }
  const contentType = Object.hasOwn(PACKAGE_FILES, file) ? PACKAGE_FILES[file] : undefined;
  if (!contentType) return Promise.resolve(null);
  let asset = assets.get(file);
  if (!asset) {
    asset = readFile(path.join(packageDir(), file)).then(
      (buffer) => ({ body: new Uint8Array(buffer), contentType, etag: etagOf(buffer) }),
      (error) => {
        assets.delete(file);
        throw error;
      },
    );
    assets.set(file, asset);
  }
  return asset;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export async function docsPageHtml(): Promise<string> {
  const v = `?v=${encodeURIComponent(await rendererVersion())}`;
  const asset = (file: string) => escapeAttr(`${DOCS_ASSETS_PATH}/${file}${v}`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Engage API reference</title>
<link rel="stylesheet" href="${asset('swagger-ui.css')}">
<link rel="icon" type="image/png" sizes="32x32" href="${asset('favicon-32x32.png')}">
<style>body { margin: 0; }</style>
</head>
<body>
<noscript>The interactive reference needs JavaScript. The OpenAPI document itself is at <a href="/api/schema">/api/schema</a>.</noscript>
<div id="swagger-ui"></div>
<script src="${asset('swagger-ui-bundle.js')}"></script>
<script src="${asset('docs-init.js')}"></script>
</body>
</html>
`;
}
