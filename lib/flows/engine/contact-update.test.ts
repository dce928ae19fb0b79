import { describe, expect, it } from 'vitest';
import { contactUpdateValues } from './contact-update';

describe('contactUpdateValues', () => {
  it('keeps what the contact API would take, as it would store it, and says what it refused and why', () => {
    expect(contactUpdateValues({
      first_name: 'Ana', email: ' ana@example.com ', external_url: '', 'meta.color': 'Azul "quoted" ñ',
    })).toEqual({ fields: { firstName: 'Ana', email: 'ana@example.com', externalUrl: null }, meta: { color: 'Azul "quoted" ñ' }, refused: [] });
    const bad = contactUpdateValues({ email: 'Azul "quoted" ñ', external_url: 'not a url', last_name: 'x'.repeat(101), external_id: 'crm-7' });
    expect(bad.fields).toEqual({ externalId: 'crm-7' });
    expect(bad.refused).toEqual([
      'email not set to "Azul \\"quoted\\" ñ": Enter a valid email address.',
      'external_url not set to "not a url": Enter a valid URL.',
      `last_name not set to "${'x'.repeat(101)}": Ensure this field has no more than 100 characters.`,
    ]);
  });
});
