import { describe, expect, it } from 'vitest';
import { bodyResponse, jsonResponse, RESPONSE_BODY } from './response-body';

// Responses that carry their whole body for the server's one-write send: the carried body must be
// exactly what the Response's own stream holds, and JSON answers must be made as Response.json makes them.

describe('responses carrying their whole body', () => {
  it('carry the body the stream holds, as text or bytes', async () => {
    const text = bodyResponse('{"a":"é"}', { status: 201, headers: { 'content-type': 'application/json' } });
    expect((text as unknown as Record<symbol, unknown>)[RESPONSE_BODY]).toBe('{"a":"é"}');
    expect(text.status).toBe(201);
    expect(await text.text()).toBe('{"a":"é"}');
    const bytes = new Uint8Array([1, 2, 3]);
    const binary = bodyResponse(bytes);
    expect((binary as unknown as Record<symbol, unknown>)[RESPONSE_BODY]).toBe(bytes);
    expect(new Uint8Array(await binary.arrayBuffer())).toEqual(bytes);
  });

  it('make JSON answers as Response.json does', async () => {
    for (const [data, init] of [[{ detail: 'x', n: [1, null] }, { status: 400, headers: { Allow: 'GET' } }], [[], undefined], ['text', { status: 202 }]] as const) {
      const ours = jsonResponse(data, init);
      const theirs = Response.json(data, init);
      expect(ours.status).toBe(theirs.status);
      expect([...ours.headers]).toEqual([...theirs.headers]);
      expect(await ours.text()).toBe(await theirs.text());
    }
    expect(jsonResponse({}, { headers: { 'content-type': 'application/problem+json' } }).headers.get('content-type')).toBe('application/problem+json');
    // Data with no JSON form is an error, as with Response.json, not an empty answer.
    expect(() => Response.json(undefined)).toThrow(TypeError);
    expect(() => jsonResponse(undefined)).toThrow(TypeError);
    expect(() => jsonResponse(() => 1)).toThrow(TypeError);
  });
});
