import { describe, expect, it } from 'vitest';
import { InvalidPageError } from './errors';
import { pageEnvelope, pageEnvelopeJson, pageRequest } from './pagination';

// A list whose results the database rendered is sent as text (pageEnvelopeJson): it must say what
// the object envelope says, for every page.

describe('page envelopes', () => {
  const cases: [query: string, count: number][] = [
    ['', 0], ['', 5], ['page_size=2', 5], ['page_size=2&page=2', 5], ['page_size=2&page=3', 5],
    ['page_size=2&page=2&search=a%22b', 6], ['page=1&page_size=500', 1000],
  ];

  it.each(cases)('?%s of %i: the text is the object envelope', (query, count) => {
    const url = new URL(`http://api.test/api/contact?${query}`);
    const request = pageRequest(url);
    const results = [{ id: 1, name: 'a "quoted" name' }];
    const text = pageEnvelopeJson(url, request, count, JSON.stringify(results));
    expect(JSON.parse(text)).toEqual(pageEnvelope(url, request, count, results));
    expect(Object.keys(JSON.parse(text))).toEqual(['count', 'next', 'previous', 'results']);
  });

  it('a page past the end is refused by both', () => {
    const url = new URL('http://api.test/api/contact?page=3&page_size=2');
    expect(() => pageEnvelope(url, pageRequest(url), 4, [])).toThrow(InvalidPageError);
    expect(() => pageEnvelopeJson(url, pageRequest(url), 4, '[]')).toThrow(InvalidPageError);
  });
});
