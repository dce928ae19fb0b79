import { describe, expect, it } from 'vitest';
import { CsvError, decodeCsvBytes, detectDelimiter, parseCsv, parseCsvRecords } from './csv';

const fields = (text: string) => parseCsvRecords(text).map((r) => r.fields);

describe('parseCsvRecords', () => {
  it('splits plain rows on commas, with LF, CR LF or CR line ends', () => {
    expect(fields('a,b\n1,2\n')).toEqual([['a', 'b'], ['1', '2']]);
    expect(fields('a,b\r\n1,2\r\n3,4')).toEqual([['a', 'b'], ['1', '2'], ['3', '4']]);
    expect(fields('a,b\r1,2')).toEqual([['a', 'b'], ['1', '2']]);
  });

  it('keeps empty fields, a trailing empty field, and rows shorter or longer than the header', () => {
    expect(fields('a,b,c\n1,,3\n4,5,\n6\n7,8,9,10')).toEqual([['a', 'b', 'c'], ['1', '', '3'], ['4', '5', ''], ['6'], ['7', '8', '9', '10']]);
  });

  it('reads quoted fields: delimiters, doubled quotes and line breaks inside them', () => {
    const text = 'name,note\n"López, Ana","She said ""hola"""\n"multi\nline","x"\n"crlf\r\ninside",y\n';
    expect(fields(text)).toEqual([
      ['name', 'note'], ['López, Ana', 'She said "hola"'], ['multi\nline', 'x'], ['crlf\r\ninside', 'y'],
    ]);
  });

  it('an empty quoted field is empty; a quote inside an unquoted field is kept as written', () => {
    expect(fields('"",b\n5"5,x')).toEqual([['', 'b'], ['5"5', 'x']]);
  });

  it('numbers rows as a spreadsheet does and gives the line each record starts on', () => {
    const records = parseCsvRecords('h1,h2\n"a\nb",1\n\nc,2\n');
    expect(records.map((r) => [r.row, r.line, r.fields])).toEqual([
      [1, 1, ['h1', 'h2']], [2, 2, ['a\nb', '1']], [3, 4, ['']], [4, 5, ['c', '2']],
    ]);
  });

  it('refuses a quoted field that is never closed, naming the line it starts on', () => {
    expect(() => parseCsvRecords('a,b\n1,2\n3,"open\nstill open')).toThrowError(CsvError);
    try {
      parseCsvRecords('a,b\n1,2\n3,"open\nstill open');
    } catch (e) {
      expect((e as CsvError).line).toBe(3);
      expect((e as Error).message).toBe('A quoted value that starts on line 3 is never closed.');
    }
  });

  it('uses the delimiter it is given', () => {
    expect(parseCsvRecords('a;b,c\n1;2,3', ';').map((r) => r.fields)).toEqual([['a', 'b,c'], ['1', '2,3']]);
    expect(parseCsvRecords('a\tb\n1\t2', '\t').map((r) => r.fields)).toEqual([['a', 'b'], ['1', '2']]);
  });
});

describe('detectDelimiter', () => {
  it('takes the delimiter the header line uses most, outside quotes', () => {
    expect(detectDelimiter('phone;name;company\n1,5;x;y')).toBe(';');
    expect(detectDelimiter('phone,name\n1;2;3;4')).toBe(',');
    expect(detectDelimiter('"a;b;c",d\n')).toBe(',');
    expect(detectDelimiter('phone\tname\n')).toBe('\t');
    expect(detectDelimiter('phone\n123')).toBe(',');
  });
});

describe('parseCsv', () => {
  it('drops the byte-order mark, trims header names and leaves out blank rows (their numbers still count)', () => {
    const table = parseCsv('\ufeffphone ; name\r\n+5255;Ana\r\n;\r\n\r\n+5266;"Beto; Jr"\r\n');
    expect(table.delimiter).toBe(';');
    expect(table.header).toEqual(['phone', 'name']);
    expect(table.records.map((r) => [r.row, r.fields])).toEqual([[2, ['+5255', 'Ana']], [5, ['+5266', 'Beto; Jr']]]);
  });

  it('a file with nothing but blank lines is an error', () => {
    expect(() => parseCsv('\n \n,\n')).toThrowError(/empty/);
    expect(() => parseCsv('')).toThrowError(CsvError);
  });

  it('a header alone has no records', () => {
    expect(parseCsv('phone,name').records).toEqual([]);
  });
});

describe('decodeCsvBytes', () => {
  it('reads UTF-8, keeping the BOM for the parser to drop', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('phone,name\n1,José')]);
    const text = decodeCsvBytes(bytes);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(parseCsv(text).records[0].fields).toEqual(['1', 'José']);
  });

  it('falls back to Windows-1252 when the bytes are not UTF-8', () => {
    // (Browsers read 0x80 as € too; Node's decoder for this label reads it as Latin-1, so the test keeps to é.)
    const latin = new Uint8Array([...new TextEncoder().encode('name\nJos'), 0xe9, ...new TextEncoder().encode(',Nuñez')]);
    expect(decodeCsvBytes(latin)).toBe('name\nJosé,NuÃ±ez');
  });
});
