import { describe, expect, it } from 'vitest';
import { canonicalizePhone } from '@/lib/phone/canonicalize';
import {
  contactCandidates, csvCandidates, decodeSource, encodeSource, guessMapping, metaKeys, selectRecipients,
  serverRecipientProblems, type ContactLike, type ValueSource,
} from './broadcast-recipients';
import { parseCsv } from './csv';

describe('guessMapping', () => {
  it('finds the phone column by name and fills the variables from the other columns in order', () => {
    expect(guessMapping(['name', 'Phone Number', 'company'], 2)).toEqual({
      phone: 1, variables: [{ kind: 'column', index: 0 }, { kind: 'column', index: 2 }],
    });
    expect(guessMapping(['teléfono', 'nombre'], 1).phone).toBe(0);
    expect(guessMapping(['celular', 'nombre'], 1).phone).toBe(0);
  });

  it('takes columns named after the variable number first', () => {
    expect(guessMapping(['whatsapp', 'extra', '{{2}}', 'var 1'], 2)).toEqual({
      phone: 0, variables: [{ kind: 'column', index: 3 }, { kind: 'column', index: 2 }],
    });
    expect(guessMapping(['variable_2', 'mobile', 'variable_1'], 2).variables).toEqual([{ kind: 'column', index: 2 }, { kind: 'column', index: 0 }]);
  });

  it('falls back to the first column for the phone, and to none when the columns run out', () => {
    expect(guessMapping(['a', 'b'], 3)).toEqual({
      phone: 0, variables: [{ kind: 'column', index: 1 }, { kind: 'none' }, { kind: 'none' }],
    });
    expect(guessMapping([], 1)).toEqual({ phone: null, variables: [{ kind: 'none' }] });
    expect(guessMapping(['phone'], 0)).toEqual({ phone: 0, variables: [] });
  });
});

describe('encodeSource / decodeSource', () => {
  it('round-trips every kind of source', () => {
    const sources: ValueSource[] = [
      { kind: 'none' }, { kind: 'column', index: 3 }, { kind: 'field', field: 'first_name' }, { kind: 'meta', key: 'city:zone' },
      { kind: 'fixed', value: 'Acme' },
    ];
    for (const s of sources) expect(decodeSource(encodeSource(s), s.kind === 'fixed' ? s.value : '')).toEqual(s);
    expect(decodeSource('field:password')).toEqual({ kind: 'none' });
    expect(decodeSource('column:x')).toEqual({ kind: 'none' });
  });
});

describe('csvCandidates', () => {
  const table = parseCsv([
    'name,phone,company',
    'Ana,+5255 1111 1111,Acme',
    'Beto,,Acme',
    'Caro,+5255 3333 3333,',
    '',
    'Dora,+5255 4444 4444',
    '"Eva, Jr",+5255 5555 5555,"Big\nCo"',
  ].join('\n'));

  it('one candidate per row, labelled by spreadsheet row, with values in variable order', () => {
    const list = csvCandidates(table, { phone: 1, variables: [{ kind: 'column', index: 0 }, { kind: 'column', index: 2 }] }, ['body', 'body']);
    expect(list.map((c) => c.label)).toEqual(['Row 2', 'Row 3', 'Row 4', 'Row 6', 'Row 7']);
    expect(list[0]).toEqual({ key: 'row:2', label: 'Row 2', recipient: { phone: '+5255 1111 1111', data: ['Ana', 'Acme'] }, problems: [] });
    expect(list[1].problems).toEqual(['No phone number in column “phone”.']);
    expect(list[2].problems).toEqual(['No value for variable 2 (body) in column “company”.']);
    expect(list[3].problems).toEqual(['No value for variable 2 (body) in column “company”.']);
    expect(list[4].recipient).toEqual({ phone: '+5255 5555 5555', data: ['Eva, Jr', 'Big\nCo'] });
  });

  it('a fixed value fills every row; an unmapped variable or phone is a problem on every row', () => {
    const list = csvCandidates(table, { phone: 1, variables: [{ kind: 'column', index: 0 }, { kind: 'fixed', value: ' Acme ' }] });
    expect(list.map((c) => c.recipient.data[1])).toEqual(['Acme', 'Acme', 'Acme', 'Acme', 'Acme']);
    expect(list.filter((c) => c.problems.length).map((c) => c.label)).toEqual(['Row 3']);
    const unmapped = csvCandidates(table, { phone: null, variables: [{ kind: 'none' }] });
    expect(unmapped[0].problems).toEqual(['No phone number.', 'No value for variable 1.']);
  });

  it('a phone the reader cannot read is a problem of its row, with the reader\'s reason', () => {
    const file = parseCsv('phone,v\n55 1234 5678,a\n12,b\nask Maria,c\n+52 55 1111 1111,d');
    const read = (phone: string) => canonicalizePhone(phone, 'MX');
    const list = csvCandidates(file, { phone: 0, variables: [{ kind: 'column', index: 1 }] }, [], read);
    expect(list.map((c) => c.problems)).toEqual([[], ['"12" is not a possible phone number.'], ['"ask Maria" is not a phone number.'], []]);
    expect(list.map((c) => c.canonical)).toEqual(['+525512345678', undefined, undefined, '+525511111111']);
    // Two spellings of one number (national, and with the 00 prefix) count once.
    const twice = csvCandidates(parseCsv('phone,v\n55 1234 5678,a\n0052 55 1234 5678,b'), { phone: 0, variables: [{ kind: 'column', index: 1 }] }, [], read);
    expect(selectRecipients(twice, new Map(), false)).toMatchObject({ duplicates: 1 });
    const contacts = contactCandidates([{ id: 'c1', phone: '+1 (415) 000-0000', first_name: 'Ana', last_name: null, email: null, external_id: null, meta: {} }],
      [{ kind: 'field', field: 'first_name' }], [], read);
    expect(contacts[0].problems).toEqual(['"+1 (415) 000-0000" is not a valid phone number.']);
  });

  it('values longer than the server takes are problems', () => {
    const long = parseCsv(`phone,v\n+525511111111,${'x'.repeat(1025)}\n${'9'.repeat(65)},ok`);
    const list = csvCandidates(long, { phone: 0, variables: [{ kind: 'column', index: 1 }] });
    expect(list[0].problems).toEqual(['The value for variable 1 is longer than 1,024 characters.']);
    expect(list[1].problems).toEqual(['The phone number is longer than 64 characters.']);
  });
});

describe('contactCandidates', () => {
  const contacts: ContactLike[] = [
    { id: 'c1', phone: '+525511111111', first_name: 'Ana', last_name: 'López', email: null, external_id: 'X1', meta: { city: 'CDMX' } },
    { id: 'c2', phone: '+525522222222', first_name: null, last_name: null, email: 'b@example.com', external_id: null, meta: {} },
  ];

  it('fills variables from fields, attributes and fixed text; a missing one is a problem naming the contact', () => {
    const list = contactCandidates(contacts, [{ kind: 'field', field: 'first_name' }, { kind: 'meta', key: 'city' }, { kind: 'fixed', value: 'Acme' }]);
    expect(list[0]).toEqual({
      key: 'contact:c1', label: 'Ana López (+525511111111)',
      recipient: { phone: '+525511111111', data: ['Ana', 'CDMX', 'Acme'] }, problems: [],
    });
    expect(list[1].label).toBe('+525522222222');
    expect(list[1].problems).toEqual(['No first name for variable 1.', 'No “city” attribute for variable 2.']);
  });

  it('lists the attribute keys the contacts have', () => {
    expect(metaKeys([...contacts, { ...contacts[1], id: 'c3', meta: { plan: 'pro', city: 'GDL' } }])).toEqual(['city', 'plan']);
  });
});

describe('selectRecipients', () => {
  const candidates = [
    { key: 'row:2', label: 'Row 2', recipient: { phone: '+52 55 1111 1111', data: ['a'] }, problems: [] },
    { key: 'row:3', label: 'Row 3', recipient: { phone: '', data: ['b'] }, problems: ['No phone number.'] },
    { key: 'row:4', label: 'Row 4', recipient: { phone: '+525511111111', data: ['c'] }, problems: [] },
    { key: 'row:5', label: 'Row 5', recipient: { phone: '12', data: ['d'] }, problems: [] },
  ];

  it('sends every candidate unless asked to leave out those with problems; keys map indexes back', () => {
    const all = selectRecipients(candidates, new Map(), false);
    expect(all.recipients).toHaveLength(4);
    expect(all.problems).toEqual([{ key: 'row:3', label: 'Row 3', messages: ['No phone number.'] }]);
    expect(all.leftOut).toBe(0);
    const some = selectRecipients(candidates, new Map([['row:5', ['Phone: Enter a valid phone number.']]]), true);
    expect(some.keys).toEqual(['row:2', 'row:4']);
    expect(some.recipients.map((r) => r.data[0])).toEqual(['a', 'c']);
    expect(some.leftOut).toBe(2);
    expect(some.problems.map((p) => p.label)).toEqual(['Row 3', 'Row 5']);
  });

  it('counts phones that repeat an earlier one by their digits', () => {
    expect(selectRecipients(candidates, new Map(), true).duplicates).toBe(1);
  });

  it('counts the numbers without problems once each, as the broadcast sends them', () => {
    expect(selectRecipients(candidates, new Map(), false).fine).toBe(2);
    expect(selectRecipients(candidates, new Map([['row:5', ['Phone: Enter a valid phone number.']]]), true).fine).toBe(1);
  });
});

describe('serverRecipientProblems', () => {
  it('maps recipient indexes back to the rows they were built from', () => {
    const keys = ['row:2', 'row:4', 'row:9'];
    const body = { recipients: { 1: { phone: ['Enter a valid phone number.'] }, 2: { data: ['Expected 2 values, got 1.'], phone: ['Enter a valid phone number.'] } } };
    const { byKey, general } = serverRecipientProblems(body, keys);
    expect(Object.fromEntries(byKey)).toEqual({
      'row:4': ['Phone: Enter a valid phone number.'],
      'row:9': ['Values: Expected 2 values, got 1.', 'Phone: Enter a valid phone number.'],
    });
    expect(general).toEqual([]);
  });

  it('list-level messages and unknown indexes are general', () => {
    expect(serverRecipientProblems({ recipients: ['A broadcast needs at least one recipient.'] }, []).general)
      .toEqual(['A broadcast needs at least one recipient.']);
    expect(serverRecipientProblems({ recipients: { 7: { phone: ['This field is required.'] } } }, ['row:2']).general)
      .toEqual(['Recipient 7: Phone: This field is required.']);
    expect(serverRecipientProblems({ name: ['x'] }, []).byKey.size).toBe(0);
  });
});
