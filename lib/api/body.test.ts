import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tagList } from '@/lib/validation/fields';
import { subscriptionPatchSchema, subscriptionSchema } from '@/lib/webhooks/validation';
import { parseBody } from './body';
import { listFields } from './form-lists';
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

describe('a list field given once in a form', () => {
  const form = (text: string, lists: ReadonlySet<string>) => parseBody(post(new TextEncoder().encode(text), 'application/x-www-form-urlencoded'), undefined, lists);

  it('is a one-item list when the body schema reads the field as a list, and plain text otherwise', async () => {
    expect(await form('events=contact.created&target=https://x.example', listFields(subscriptionSchema))).toEqual({ events: ['contact.created'], target: 'https://x.example' });
    expect(await form('events=contact.created&events=contact.updated', listFields(subscriptionPatchSchema))).toEqual({ events: ['contact.created', 'contact.updated'] });
    expect(await form('events=contact.created', new Set())).toEqual({ events: 'contact.created' });
  });

  it('names the list fields of a schema under its wrappers, and not a field that also takes text', () => {
    expect([...listFields(subscriptionPatchSchema)]).toEqual(['events']);
    expect([...listFields(z.object({ tags: tagList.optional(), notes: z.union([z.string(), z.array(z.string())]), n: z.number() }).strict())]).toEqual(['tags']);
    expect([...listFields(z.array(z.string()))]).toEqual([]);
  });
});
