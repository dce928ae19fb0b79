import { describe, expect, it } from 'vitest';
import { detectDelimiter, detectEncoding, firstLine, fromWindows1252, hasBom, sepLine } from './sniff';

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

describe('sepLine', () => {
  it("reads Excel's delimiter line, and nothing else", () => {
    expect(['sep=;', 'SEP=,', '"sep=;"', 'sep=\t'].map(sepLine)).toEqual([';', ',', ';', '\t']);
    expect(['sep=|', 'phone;sep=;', 'separator', 'sep='].map(sepLine)).toEqual([null, null, null, null]);
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

describe('fromWindows1252', () => {
  it('reads the bytes 0x80-0x9F as Windows-1252 does, and leaves the rest of Latin-1 alone', () => {
    const bytes = Buffer.from([0x93, 0x4a, 0x6f, 0x73, 0xe9, 0x94, 0x20, 0x96, 0x20, 0x80, 0x35, 0x20, 0x99, 0x85, 0x8a, 0x9f, 0x81]);
    expect(fromWindows1252(bytes.toString('latin1'))).toBe('\u201cJosé\u201d \u2013 €5 ™…ŠŸ\u0081');
    expect(fromWindows1252('Ñandú')).toBe('Ñandú');
    expect(fromWindows1252('\u0093a\u0093')).toBe('\u201ca\u201c'); // every one, not only the first
  });
});
