import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, type ChannelRecord, type CloudApiSettings } from '../provider';
import { cloudApiProvider } from './provider';

// A base URL that answers 200 with something other than the Cloud API's JSON (a web page, a
// health check's "ok"): the provider was reached, but what it said is no verdict on anything.

let answer = { status: 200, body: 'ok' };
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => res.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body));
});
let settings: CloudApiSettings;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  settings = {
    phone_number_id: '123', business_account_id: '456', access_token: 'tok', app_secret: 's', verify_token: 'v', app_id: '',
    base_url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, api_version: 'v21.0',
  };
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const NOT_CLOUD_API = 'The provider answered 200 with a body that is not a JSON object: is the base URL the Cloud API\'s?';
const provider = () => cloudApiProvider({} as ChannelRecord, settings);

async function refusal(call: Promise<unknown>): Promise<string> {
  const error = await call.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return (error as Error).message;
}

describe('cloud_api provider answering 200 with a body that is not JSON', () => {
  it('says so when testing the credentials, instead of calling them refused', async () => {
    answer = { status: 200, body: 'ok' };
    expect(await provider().testCredentials()).toEqual({ ok: false, reached: true, detail: `${NOT_CLOUD_API} The credentials were not checked.` });
  });

  it('says so when syncing or submitting templates, and when sending', async () => {
    answer = { status: 200, body: 'ok' };
    expect(await refusal(provider().fetchTemplates())).toBe(`Template sync failed. ${NOT_CLOUD_API}`);
    expect(await refusal(provider().submitTemplate({ name: 'x', language: 'en', category: 'UTILITY', components: [] }))).toBe(NOT_CLOUD_API);
    const sent = await provider().send({ kind: 'text', to: '+5215512345678', body: 'hi', reference: 'r' }, async () => true);
    expect(sent).toMatchObject({ ok: false, retry: false, code: '200', message: NOT_CLOUD_API });
  });

  it('still calls a refusal a refusal', async () => {
    answer = { status: 401, body: '{"error":{"code":190,"message":"Invalid OAuth access token"}}' };
    expect((await provider().testCredentials()).detail).toBe('The provider refused the credentials (190): Invalid OAuth access token');
  });
});
