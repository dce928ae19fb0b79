import { describe, expect, it } from 'vitest';
import '@/lib/api/drf-messages';
import { zodToDrf } from '@/lib/api/zod-to-drf';
import { addMemberSchema } from './validation';

describe('a new member', () => {
  it('has the email trimmed, as sign-in trims it; a bad one is still refused', () => {
    expect(addMemberSchema.parse({ email: '  eve@helpdesk.test ' }).email).toBe('eve@helpdesk.test');
    const bad = addMemberSchema.safeParse({ email: ' not an email ' });
    expect(bad.success).toBe(false);
    if (!bad.success) expect(zodToDrf(bad.error)).toEqual({ email: ['Enter a valid email address.'] });
  });
});
