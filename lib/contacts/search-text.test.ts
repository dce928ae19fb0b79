import { describe, expect, it } from 'vitest';
import { searchTerm } from './search-text';

describe('searchTerm', () => {
  it('reads a whole number as the number it canonicalises to, however it is spelled', () => {
    for (const spelled of ['+52 1 55 1234 5678', '5215512345678', '55 1234 5678', '+525512345678', '(55) 1234-5678']) {
      expect(searchTerm(spelled, 'MX'), spelled).toBe('525512345678');
    }
  });

  it('keeps a fragment, or a number without the account country, as its digits', () => {
    expect(searchTerm('5512', 'MX')).toBe('5512');
    expect(searchTerm('1234-5678', 'MX')).toBe('12345678');
    expect(searchTerm('+52 1 55 1234 5678')).toBe('5215512345678');
  });

  it('folds letters as the search key does', () => {
    expect(searchTerm('  Peña ', 'MX')).toBe('pena');
  });
});
