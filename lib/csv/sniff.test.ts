import { describe, expect, it } from 'vitest';
import { detectDelimiter, detectEncoding, firstLine, hasBom } from './sniff';

describe('detectDelimiter', () => {
  it('finds comma, semicolon and tab', () => {
    expect(detectDelimiter('phone,first_name,email')).toBe(',');
    expect(detectDelimiter('phone;first_name;email')).toBe(';');
    expect(detectDelimiter('phone\tfirst_name\temail')).toBe('\t');
  });
  it('ignores delimiters inside quotes', () => {
    expect(detectDelimiter('"a,b,c";phone;"x,y"')).toBe(';');
  });
  it('defaults to comma for a single column', () => {
    expect(detectDelimiter('phone')).toBe(',');
  });
});

describe('firstLine and BOM', () => {
  it('strips the BOM and the line break', () => {
    expect(firstLine('\ufeffphone,name\r\n1,2')).toBe('phone,name');
    expect(firstLine('phone;name\n1;2')).toBe('phone;name');
    expect(firstLine('phone')).toBe('phone');
  });
  it('detects the UTF-8 BOM bytes', () => {
    expect(hasBom(Buffer.from('\ufeffphone'))).toBe(true);
    expect(hasBom(Buffer.from('phone'))).toBe(false);
  });
});

describe('detectEncoding', () => {
  it('keeps UTF-8, falls back to latin1 for Windows-1252 files', () => {
    expect(detectEncoding(Buffer.from('phone,name\nJosé,1\n'))).toBe('utf8');
    expect(detectEncoding(Buffer.from('phone,name\nJos\xe9,1\n', 'latin1'))).toBe('latin1');
  });
  it('reads a UTF-8 sample cut anywhere, even inside a character, as UTF-8', () => {
    // Once, leaving the last 3 bytes out cut the character before them: such an upload's header
    // (its BOM read as latin1) had "no phone column", and such an import garbled every accent.
    const text = Buffer.from('\ufeffphone,name\n5512345678,Ngọc Đức 😀 José\n');
    for (let n = 0; n <= text.length; n++) expect(detectEncoding(text.subarray(0, n)), `cut at ${n}`).toBe('utf8');
  });
});
