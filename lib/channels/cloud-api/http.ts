// The few HTTP calls the Cloud API provider makes. Never throws: network failures and timeouts
// come back as status null with the error text.

export const CLOUD_API_TIMEOUT_MS = Number(process.env.CLOUD_API_TIMEOUT_MS || 15_000);

export type CloudResponse = { status: number | null; json: Record<string, unknown> | null; error: string | null };

export async function cloudRequest(url: string, token: string, init: { method: 'GET' | 'POST'; body?: object } = { method: 'GET' }): Promise<CloudResponse> {
  try {
    const res = await fetch(url, {
      method: init.method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        'user-agent': 'Engage-CloudApi/1.0',
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(CLOUD_API_TIMEOUT_MS),
      redirect: 'error',
    });
    const text = await res.text();
    let json: Record<string, unknown> | null = null;
    try {
      const parsed = JSON.parse(text);
      json = parsed && typeof parsed === 'object' ? parsed : null;
    } catch { /* not JSON */ }
    return { status: res.status, json, error: null };
  } catch (error) {
    return { status: null, json: null, error: (error as Error).message };
  }
}

/** The Cloud API error object of a failed answer: `{error: {code, message, error_data: {details}}}`. */
export function cloudError(res: CloudResponse): { code: string; message: string } {
  const error = (res.json?.error ?? null) as { code?: unknown; message?: unknown; error_data?: { details?: unknown } } | null;
  if (!error) {
    return { code: res.status === null ? 'network' : String(res.status), message: res.error ?? `HTTP ${res.status}` };
  }
  const details = typeof error.error_data?.details === 'string' ? `: ${error.error_data.details}` : '';
  return { code: String(error.code ?? res.status), message: `${String(error.message ?? 'Error')}${details}` };
}

// Throttling answers: the HTTP 429 itself, and the Cloud API's rate-limit codes (130429 throughput
// reached, 131056 pair rate limit, 4 / 80007 application and account rate limits).
const THROTTLE_CODES = new Set(['130429', '131056', '4', '80007']);

/** Whether trying again later may succeed: throttling, server errors and network failures. */
export function isRetryable(res: CloudResponse, code: string): boolean {
  if (res.status === null || res.status === 429 || res.status >= 500) return true;
  return THROTTLE_CODES.has(code);
}
