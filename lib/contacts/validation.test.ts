import { describe, expect, it } from 'vitest';
import '@/lib/api/drf-messages';
import { zodToDrf } from '@/lib/api/zod-to-drf';
import { contactUpsertSchema, NOTE_MAX, TAGS_MAX } from './validation';

const errors = (input: unknown) => {
  const result = contactUpsertSchema.safeParse(input);
  return result.success ? null : zodToDrf(result.error);
};

describe('contact bodies', () => {
  it('hold at most TAGS_MAX tags and notes of at most NOTE_MAX characters', () => {
    const phone = '+52 55 1234 5678';
    expect(errors({ phone, tags: Array.from({ length: TAGS_MAX }, (_, i) => `t${i}`), notes: 'x'.repeat(NOTE_MAX) })).toBeNull();
    expect(errors({ phone, tags: Array.from({ length: TAGS_MAX + 1 }, (_, i) => `t${i}`) }))
      .toEqual({ tags: [`Ensure this field has no more than ${TAGS_MAX} elements.`] });
    expect(errors({ phone, notes: [{ notes: 'ok' }, 'x'.repeat(NOTE_MAX + 1)] })).toEqual({ notes: ['A note holds at most 10,000 characters.'] });
  });
});
