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
});
