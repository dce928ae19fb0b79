import { describe, expect, it } from 'vitest';
import { zodToDrf } from '@/lib/api/zod-to-drf';
import { actionTestBody } from './validation';

describe('actionTestBody', () => {
  it('refuses a header value with a line break on that header, as a flow step refuses it', () => {
    const tried = (headers: Record<string, string>) => actionTestBody.safeParse({ action_request_url: 'https://example.com/hook', action_request_headers: headers });
    const refused = tried({ X: 'a\r\nInjected: 1', Accept: 'application/json' });
    expect(refused.success).toBe(false);
    expect(zodToDrf(refused.error!)).toEqual({ action_request_headers: { X: ['Header values cannot contain line breaks.'] } });
    expect(tried({ X: 'a, b; c=1' }).success).toBe(true);
  });
});
