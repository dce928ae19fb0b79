import { describe, expect, it } from 'vitest';
import { DEPTH_MESSAGE, hostileInput, MAX_JSON_DEPTH, NUL_MESSAGE, RESERVED_KEY_MESSAGE, SURROGATE_MESSAGE } from './hostile-input';

describe('hostileInput', () => {
  it('passes ordinary bodies, emoji (paired surrogates) included', () => {
    expect(hostileInput({ phone: '+52 55', meta: { a: 'b', n: 1, x: null, list: ['😀', { deep: 'ok' }] } })).toBeNull();
  });

  it('names a NUL character by its field, however deep', () => {
    expect(hostileInput({ first_name: 'A\u0000na' })).toEqual({ first_name: [NUL_MESSAGE] });
    expect(hostileInput({ tags: [{ name: 'ok' }, { name: 'x\u0000' }] })).toEqual({ tags: { 1: { name: [NUL_MESSAGE] } } });
    expect(hostileInput({ tags: ['ok', 'x\u0000'] })).toEqual({ tags: { 1: [NUL_MESSAGE] } });
    expect(hostileInput({ meta: { ['ke\u0000y']: 'v' } })).toEqual({ meta: [NUL_MESSAGE] });
    expect(hostileInput('\u0000')).toEqual({ non_field_errors: [NUL_MESSAGE] });
  });

  it('refuses a "__proto__" key where it is, which validation would drop unseen; "constructor" is an ordinary name', () => {
    expect(hostileInput(JSON.parse('{"meta": {"__proto__": "kept?"}}'))).toEqual({ meta: [RESERVED_KEY_MESSAGE] });
    expect(hostileInput(JSON.parse('{"__proto__": {"x": 1}}'))).toEqual({ non_field_errors: [RESERVED_KEY_MESSAGE] });
    expect(hostileInput({ meta: { constructor: 'c', toString: 't' } })).toBeNull();
  });

  it('keeps an object\'s keys as keys, digits or inherited names alike', () => {
    expect(hostileInput({ meta: { 99999999: { a: '\u0000' } } })).toEqual({ meta: { 99999999: { a: [NUL_MESSAGE] } } });
    expect(hostileInput({ meta: { constructor: { polluted: '\u0000' } } })).toEqual({ meta: { constructor: { polluted: [NUL_MESSAGE] } } });
    expect(Object.hasOwn(Object, 'polluted')).toBe(false);
  });

  it('refuses an unpaired surrogate, leading or trailing', () => {
    expect(hostileInput({ notes: '\ud800' })).toEqual({ notes: [SURROGATE_MESSAGE] });
    expect(hostileInput({ notes: 'x\udc00y' })).toEqual({ notes: [SURROGATE_MESSAGE] });
  });

  it('refuses nesting past the limit without recursing, at any depth of input', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    const problem = hostileInput({ meta: deep }) as Record<string, unknown>;
    let node: unknown = problem;
    let depth = 0;
    while (node && typeof node === 'object' && !Array.isArray(node)) { node = Object.values(node)[0]; depth++; }
    expect(node).toEqual([DEPTH_MESSAGE]);
    expect(depth).toBe(MAX_JSON_DEPTH);
    let fine: unknown = 'leaf';
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) fine = { a: fine };
    expect(hostileInput(fine)).toBeNull();
  });
});
