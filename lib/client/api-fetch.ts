// The dashboard's one fetch helper: same-origin JSON calls carrying the next-auth session cookie.
// Failures throw `ApiRequestError` with the status and the DRF body, so forms can map field errors.

export type DrfBody = Record<string, unknown>;

export class ApiRequestError extends Error {
  /** Seconds the server asked to wait (`Retry-After` of a 429), when it said. */
  retryAfterSeconds: number | null = null;

  constructor(public status: number, public body: DrfBody) {
    super(typeof body.detail === 'string' ? body.detail : `Request failed (${status}).`);
    this.name = 'ApiRequestError';
  }
}

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as is (a File for uploads); set `contentType` with it. */
  body?: BodyInit;
  contentType?: string;
  signal?: AbortSignal;
};

export async function apiFetch<T>(path: string, options: Options = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body = options.body;
  if (options.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.contentType) {
    headers['Content-Type'] = options.contentType;
  }
  let res: Response;
  try {
    res = await fetch(path, { method: options.method ?? 'GET', headers, body, credentials: 'same-origin', signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(0, { detail: 'Could not reach the server. Check your connection and try again.' });
  }
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const drf = data && typeof data === 'object' && !Array.isArray(data)
      ? (data as DrfBody)
      : { detail: `Request failed (${res.status}).` };
    const error = new ApiRequestError(res.status, drf);
    const wait = Number(res.headers.get('retry-after'));
    if (Number.isFinite(wait) && wait > 0) error.retryAfterSeconds = wait;
    throw error;
  }
  return data as T;
}

export function isApiError(error: unknown, status?: number): error is ApiRequestError {
  return error instanceof ApiRequestError && (status === undefined || error.status === status);
}
