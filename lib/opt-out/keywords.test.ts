import { describe, expect, it } from 'vitest';
import { keywordForm, keywordInBoth, keywordIntent, keywordList } from './keywords';

const settings = { optOut: ['STOP', 'BAJA', 'NO MORE'], optIn: ['START'] };

describe('opt-out keywords', () => {
  it('compare without case, accents, outer punctuation or extra spaces', () => {
    expect(keywordForm('  ¡Stop! ')).toBe('STOP');
    expect(keywordForm('bája.')).toBe('BAJA');
    expect(keywordForm('no   more!!')).toBe('NO MORE');
    expect(keywordForm('🛑 stop 🛑')).toBe('STOP');
    expect(keywordForm('stop👨‍👩‍👧')).toBe('STOP');
    expect(keywordForm('\u200Bstop\u200B')).toBe('STOP');
    expect(keywordForm('st\u00ADop')).toBe('STOP');
    expect(keywordForm('🛑')).toBe('');
  });

  it('match a whole message only', () => {
    expect(keywordIntent('Stop', settings)).toBe('out');
    expect(keywordIntent('start', settings)).toBe('in');
    expect(keywordIntent('please stop', settings)).toBeNull();
    expect(keywordIntent('st-op', settings)).toBeNull();
    expect(keywordIntent('', settings)).toBeNull();
    expect(keywordIntent(null, settings)).toBeNull();
    expect(keywordIntent(`stop${' '.repeat(100)}x`, settings)).toBeNull();
  });

  it('read a list or a text of words, once each, in their compared form', () => {
    expect(keywordList.parse('stop, Baja\n\nstop')).toEqual(['STOP', 'BAJA']);
    expect(keywordList.parse([' alto '])).toEqual(['ALTO']);
    expect(keywordList.parse('')).toEqual([]);
    expect(keywordList.safeParse(Array.from({ length: 21 }, (_, i) => `w${i}`)).success).toBe(false);
    expect(keywordList.safeParse(['x'.repeat(31)]).success).toBe(false);
    // A comma inside a word would split it when the list is next edited as text.
    expect(keywordList.safeParse(['NO, THANKS']).success).toBe(false);
    expect(keywordList.safeParse(Array.from({ length: 101 }, () => 'stop')).success).toBe(false);
  });

  it('keep the words as typed, accents included, and refuse one that is no word', () => {
    expect(keywordList.parse('no más, Básta!, basta')).toEqual(['NO MÁS', 'BÁSTA']);
    expect(keywordIntent('no mas', { optOut: ['NO MÁS'], optIn: [] })).toBe('out');
    const none = keywordList.safeParse(['🛑']);
    expect(none.success).toBe(false);
    expect(none.error?.issues[0].message).toBe('A keyword needs a letter or a digit: "🛑" has none.');
    const long = keywordList.safeParse('x'.repeat(5000));
    expect(long.error?.issues.map((i) => [i.path, i.message])).toEqual([[[], `A keyword has at most 30 characters ("${'x'.repeat(40)}…" has 5000).`]]);
  });

  it('find a word in both lists', () => {
    expect(keywordInBoth(['STOP', 'ALTO'], ['START', 'ALTO'])).toBe('ALTO');
    expect(keywordInBoth(['STOP'], ['START'])).toBeNull();
    expect(keywordInBoth(['BÁSTA'], ['basta'])).toBe('BÁSTA');
  });
});
