import { describe, expect, it } from 'vitest';
import { chatTextParts } from './chat-text';

const t = (text: string) => ({ kind: 'text', text });

describe('chatTextParts', () => {
  it('reads bold, italic, struck and monospace markers at word edges, nested too', () => {
    expect(chatTextParts('Your *order* is _on its way_, ~late~ sorry')).toEqual([
      t('Your '), { kind: 'bold', parts: [t('order')] }, t(' is '), { kind: 'italic', parts: [t('on its way')] }, t(', '),
      { kind: 'strike', parts: [t('late')] }, t(' sorry'),
    ]);
    expect(chatTextParts('*_both_*')).toEqual([{ kind: 'bold', parts: [{ kind: 'italic', parts: [t('both')] }] }]);
    expect(chatTextParts('code: ```a *b* c```!')).toEqual([t('code: '), { kind: 'mono', text: 'a *b* c' }, t('!')]);
  });

  it('leaves markers inside words, around spaces, across lines and unpaired as written', () => {
    for (const text of ['snake_case_name', '2*3*4 = 24', '* not bold *', '*one\ntwo*', 'a * b', 'price_*', '**']) {
      expect(chatTextParts(text), text).toEqual([t(text)]);
    }
  });

  it('links web addresses, without the punctuation after them', () => {
    expect(chatTextParts('Track it at https://example.com/t?id=5. Or www.example.com!')).toEqual([
      t('Track it at '), { kind: 'link', text: 'https://example.com/t?id=5', href: 'https://example.com/t?id=5' }, t('. Or '),
      { kind: 'link', text: 'www.example.com', href: 'https://www.example.com' }, t('!'),
    ]);
    expect(chatTextParts('(see http://a.example/x)')).toEqual([t('(see '), { kind: 'link', text: 'http://a.example/x', href: 'http://a.example/x' }, t(')')]);
    // Only web addresses: nothing else becomes a link.
    expect(chatTextParts('javascript:alert(1) ftp://x.example')).toEqual([t('javascript:alert(1) ftp://x.example')]);
    // An address keeps its underscores and stars.
    expect(chatTextParts('https://x.example/a_b_c*d*')).toEqual([{ kind: 'link', text: 'https://x.example/a_b_c*d*', href: 'https://x.example/a_b_c*d*' }]);
  });

  it('gives an empty text no parts, and drops only the markers it reads', () => {
    expect(chatTextParts('')).toEqual([]);
    const flat = (parts: ReturnType<typeof chatTextParts>): string => parts.map((p) => ('parts' in p ? flat(p.parts) : p.text)).join('');
    expect(flat(chatTextParts('Hola 👋 *Ana*, a_b ~c~ ```d``` www.e.example.\nbye'))).toBe('Hola 👋 Ana, a_b c d www.e.example.\nbye');
    expect(flat(chatTextParts('no markers: 50% off, 3 * 4, email a_b@c.example'))).toBe('no markers: 50% off, 3 * 4, email a_b@c.example');
  });
});
