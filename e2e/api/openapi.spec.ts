import { expect, test } from '@playwright/test';

// GET /api/schema and GET /api/docs: public (no token), served entirely by this server.

test.describe('OpenAPI document', () => {
  test('GET /api/schema is an OpenAPI 3.1 document, without a token', async ({ request }) => {
    const res = await request.get('/api/schema');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(res.headers()['cache-control']).toMatch(/max-age=\d+/);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
    expect(doc.paths['/api/contact'].post.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ContactUpsertRequest',
    });
    expect(doc.components.schemas.ContactUpsertRequest.required).toContain('phone');
    expect(doc.paths['/api/contact/upload'].post.requestBody.content).toHaveProperty('text/csv');
    expect(doc.components.securitySchemes.Token).toMatchObject({ type: 'apiKey', in: 'header', name: 'Authorization' });
    for (const p of ['/api/account-member', '/api/user', '/api/contact/{id}', '/api/contact/upload/{upload_group_id}', '/api/health']) {
      expect(doc.paths, p).toHaveProperty([p]);
    }
  });

  test('GET /api/schema/ (trailing slash) and a conditional GET', async ({ request }) => {
    const res = await request.get('/api/schema/');
    expect(res.status()).toBe(200);
    const etag = res.headers().etag;
    expect(etag).toBeTruthy();
    const again = await request.get('/api/schema', { headers: { 'If-None-Match': etag } });
    expect(again.status()).toBe(304);
  });

  test('an invalid token does not matter on the public routes', async ({ request }) => {
    const res = await request.get('/api/schema', { headers: { Authorization: 'Token not-a-key' } });
    expect(res.status()).toBe(200);
  });

  test('other methods are DRF 405s', async ({ request }) => {
    const res = await request.post('/api/schema', { data: {} });
    expect(res.status()).toBe(405);
    expect(await res.json()).toEqual({ detail: 'Method "POST" not allowed.' });
    expect(res.headers().allow).toContain('GET');
    const docs = await request.delete('/api/docs');
    expect(docs.status()).toBe(405);
    expect(await docs.json()).toEqual({ detail: 'Method "DELETE" not allowed.' });
  });
});

test.describe('API reference page', () => {
  test('GET /api/docs is HTML that loads only local assets, and they load', async ({ request }) => {
    const res = await request.get('/api/docs');
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('text/html');
    const html = await res.text();
    expect(html).toContain('id="swagger-ui"');
    // No CDN: every script and stylesheet comes from this server.
    const urls = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
    expect(urls.filter((u) => /^(https?:)?\/\//.test(u))).toEqual([]);
    const assets = urls.filter((u) => u.startsWith('/api/docs/assets/'));
    expect(assets.some((u) => u.includes('swagger-ui-bundle.js'))).toBe(true);
    expect(assets.some((u) => u.includes('swagger-ui.css'))).toBe(true);
    for (const url of assets) {
      const asset = await request.get(url);
      expect(asset.status(), url).toBe(200);
      expect((await asset.body()).byteLength, url).toBeGreaterThan(0);
      expect(asset.headers()['cache-control'], url).toMatch(/max-age=\d+/);
    }
    const init = await request.get(assets.find((u) => u.includes('docs-init.js'))!);
    const script = await init.text();
    expect(script).toContain("url: '/api/schema'");
    expect(script).toContain('validatorUrl: null');
  });

  test('the assets route serves only allow-listed files', async ({ request }) => {
    for (const name of ['package.json', 'index.html', '..%2F..%2Fpackage.json', 'swagger-ui.js']) {
      const res = await request.get(`/api/docs/assets/${name}`);
      expect(res.status(), name).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});
