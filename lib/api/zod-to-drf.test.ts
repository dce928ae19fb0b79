import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './drf-messages';
import { zodToDrf } from './zod-to-drf';

const schema = z.object({
  phone: z.string(),
  email: z.email().optional(),
  events: z.array(z.enum(['a', 'b'])).optional(),
  tags: z.array(z.object({ name: z.string().max(3) })).optional(),
  meta: z.object({ city: z.string() }).optional(),
}).refine((v) => v.phone !== 'x', { message: 'Nope.' });

function errors(input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a failure');
  return zodToDrf(result.error);
}

describe('zodToDrf', () => {
  it('words missing and invalid fields as DRF does', () => {
    expect(errors({ email: 'bad' })).toEqual({ phone: ['This field is required.'], email: ['Enter a valid email address.'] });
    expect(errors({ phone: null })).toEqual({ phone: ['This field may not be null.'] });
    expect(errors({ phone: 1 })).toEqual({ phone: ['Not a valid string.'] });
  });

  it('words a choice left out or null as any missing or null field', () => {
    const choice = z.object({ kind: z.enum(['a', 'b']) });
    const words = (input: unknown) => zodToDrf(choice.safeParse(input).error!);
    expect(words({})).toEqual({ kind: ['This field is required.'] });
    expect(words({ kind: null })).toEqual({ kind: ['This field may not be null.'] });
    expect(words({ kind: 'c' })).toEqual({ kind: ['"c" is not a valid choice.'] });
  });

  it('keys plain list items by index and lists object items with {} for valid ones', () => {
    expect(errors({ phone: '1', events: ['a', 'zzz'] })).toEqual({ events: { 1: ['"zzz" is not a valid choice.'] } });
    expect(errors({ phone: '1', tags: [{ name: 'ok' }, { name: 'long' }] }))
      .toEqual({ tags: [{}, { name: ['Ensure this field has no more than 3 characters.'] }] });
    expect(errors({ phone: '1', events: 'a' })).toEqual({ events: ['Expected a list of items but got type "str".'] });
  });

  it('keeps a record\'s keys as keys, digits or inherited names alike: only a list\'s items are listed', () => {
    const positions = z.object({ layout: z.record(z.string(), z.object({ x: z.number() })) });
    const words = (input: unknown) => zodToDrf(positions.safeParse(input).error!);
    expect(words({ layout: { 3: { x: 'a' } } })).toEqual({ layout: { 3: { x: ['A valid number is required.'] } } });
    expect(words({ layout: { constructor: { x: 'a' } } })).toEqual({ layout: { constructor: { x: ['A valid number is required.'] } } });
    expect(Object.hasOwn(Object, 'x')).toBe(false);
  });

  it('nests objects and puts pathless errors under non_field_errors', () => {
    expect(errors({ phone: '1', meta: {} })).toEqual({ meta: { city: ['This field is required.'] } });
    expect(errors({ phone: 'x' })).toEqual({ non_field_errors: ['Nope.'] });
  });

  it('tells a value that fits no form of a union in the words of the closest form, and a bad record key as the key\'s error', () => {
    const contact = z.object({
      tags: z.array(z.union([z.string(), z.object({ name: z.string().min(1) })])).optional(),
      assignees: z.array(z.union([z.int(), z.object({ id: z.int() })])).optional(),
      notes: z.union([z.string(), z.array(z.union([z.string(), z.object({ notes: z.string() })]))]).optional(),
      meta: z.record(z.string().max(5), z.string()).optional(),
    });
    const words = (input: unknown) => zodToDrf(contact.safeParse(input).error!);
    expect(words({ tags: ['ok', { nom: 'x' }] })).toEqual({ tags: [{}, { name: ['This field is required.'] }] });
    expect(words({ tags: [5] })).toEqual({ tags: { 0: ['Not a valid string.'] } });
    expect(words({ assignees: [{ id: 'abc' }] })).toEqual({ assignees: [{ id: ['A valid number is required.'] }] });
    expect(words({ notes: [{ note: 'x' }] })).toEqual({ notes: [{ notes: ['This field is required.'] }] });
    expect(words({ meta: { toolong: 'v' } })).toEqual({ meta: { toolong: ['Invalid key: Ensure this field has no more than 5 characters.'] } });
    // A list is a list of objects whatever the order of its items' errors.
    const inside = { name: ['This field is required.'] };
    const own = { non_field_errors: ['Not a valid string.'] };
    expect(words({ tags: [{ nom: 'x' }, 5] })).toEqual({ tags: [inside, own] });
    expect(words({ tags: [5, { nom: 'x' }] })).toEqual({ tags: [own, inside] });
    // A union with words of its own keeps them.
    const worded = z.object({ who: z.union([z.int(), z.enum(['me', 'none'])], { error: 'Enter a member id, "me" or "none".' }) });
    expect(zodToDrf(worded.safeParse({ who: 'foo' }).error!)).toEqual({ who: ['Enter a member id, "me" or "none".'] });
  });
});
