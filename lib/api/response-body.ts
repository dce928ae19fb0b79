// Responses whose whole body is known when they are made (every JSON answer of the API) carry it
// under a registered symbol as well. The server (scripts/route-handlers.mjs, the same symbol)
// then writes such an answer to the socket in one piece, headers and body together with a
// Content-Length, instead of piping the Response's stream through a WritableStream as Next.js's
// sendResponse does (which flushes the headers, each chunk and the chunked terminator as writes
// of their own). On machines where a socket write that wakes the reader is dear (~30 us here),
// that was a fifth of a small request's CPU. The Response itself is complete and ordinary:
// anything that reads its stream gets the same bytes.
export const RESPONSE_BODY = Symbol.for('engage.response-body');

export function bodyResponse(body: string | Uint8Array, init: ResponseInit = {}): Response {
  const response = new Response(body as BodyInit, init);
  Object.defineProperty(response, RESPONSE_BODY, { value: body });
  return response;
}

/** As Response.json: the data as JSON text, Content-Type application/json unless init names one. */
export function jsonResponse(data: unknown, init: ResponseInit = {}): Response {
  const text = JSON.stringify(data);
  // As Response.json: data with no JSON form (undefined, a function) is an error, not an empty body.
  if (text === undefined) throw new TypeError('Value is not JSON serializable');
  const headers = new Headers(init.headers);
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return bodyResponse(text, { ...init, headers });
}
