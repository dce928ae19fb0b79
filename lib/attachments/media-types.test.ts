import { describe, expect, it } from 'vitest';
import { contentMatches } from './media-types';

const bytes = (...parts: (string | number[])[]) => Uint8Array.from(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('contentMatches', () => {
  it('takes a file whose first bytes are its type\'s', () => {
    expect(contentMatches('image/png', bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe(true);
    expect(contentMatches('image/jpeg', bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(contentMatches('application/pdf', bytes('%PDF-1.7'))).toBe(true);
    expect(contentMatches('video/mp4', bytes([0, 0, 0, 0x18], 'ftypmp42'))).toBe(true);
    expect(contentMatches('application/vnd.openxmlformats-officedocument.wordprocessingml.document', bytes('PK', [3, 4]))).toBe(true);
    expect(contentMatches('text/plain', bytes('anything at all'))).toBe(true);
  });

  it('refuses one that only claims the type', () => {
    expect(contentMatches('image/png', bytes('GIF89a'))).toBe(false);
    expect(contentMatches('image/jpeg', bytes([0x89], 'PNG'))).toBe(false);
    expect(contentMatches('application/pdf', bytes('MZ'))).toBe(false);
    expect(contentMatches('audio/ogg', bytes('RIFF'))).toBe(false);
  });
});
