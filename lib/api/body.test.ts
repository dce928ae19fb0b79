import { describe, expect, it } from 'vitest';
import { parseBody } from './body';
import { ParseError } from './errors';
import { hostileInput, RESERVED_KEY_MESSAGE } from './hostile-input';

const post = (bytes: Uint8Array, type = 'application/json') => new Request('http://x/api/contact', { method: 'POST', body: Buffer.from(bytes), headers: { 'content-type': type } });

describe('parseBody', () => {
  it('reads UTF-8 JSON, emoji and all', async () => {
    expect(await parseBody(post(new TextEncoder().encode('{"name":"Ana 😀"}')))).toEqual({ name: 'Ana 😀' });
  });

  it('refuses JSON whose bytes are not UTF-8 instead of storing U+FFFD', async () => {
    const error = await parseBody(post(Uint8Array.from([...new TextEncoder().encode('{"name":"'), 0xff, 0xfe, ...new TextEncoder().encode('"}')]))).catch((e) => e);
    expect(error).toBeInstanceOf(ParseError);
    expect((error as ParseError).body).toEqual({ detail: expect.stringMatching(/^JSON parse error - /) });
  });

  it('keeps a form field named __proto__ as a field, which is then refused where it is', async () => {
    const form = await parseBody(post(new TextEncoder().encode('__proto__=x&name=Ana&tag=a&tag=b'), 'application/x-www-form-urlencoded')) as Record<string, unknown>;
    expect(Object.hasOwn(form, '__proto__')).toBe(true);
    expect(form.name).toBe('Ana');
    expect(form.tag).toEqual(['a', 'b']);
    expect(hostileInput(form)).toEqual({ non_field_errors: [RESERVED_KEY_MESSAGE] });
  });
});
