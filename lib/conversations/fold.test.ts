import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOLD_FROM, FOLD_TO, foldForSearch } from './fold';

describe('foldForSearch', () => {
  it('lowers case and folds the accented letters to their base letter', () => {
    expect(foldForSearch('Café GARCÍA Ñandú São Gonçalo')).toBe('cafe garcia nandu sao goncalo');
    expect([...FOLD_FROM]).toHaveLength([...FOLD_TO].length);
  });

  it('folds as the migration\'s generated column does', () => {
    const sql = fs.readFileSync(path.join(process.cwd(), 'db/migrations/0028_message_search_folded.sql'), 'utf8');
    expect(sql).toContain(`translate(lower(body), '${FOLD_FROM}', '${FOLD_TO}')`);
  });
});
