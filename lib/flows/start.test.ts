import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { filterFieldErrors, filterSql } from './start';

// Names every JavaScript object inherits, which a plain lookup in the table of contact columns would find.
const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];

describe('contact filters', () => {
  it('refuse a field a contact does not have, inherited object names included', () => {
    const filters = [{ field: 'first_name' }, ...INHERITED.map((field) => ({ field })), { field: 'nope' }];
    const errors = filterFieldErrors(filters) as { field?: string[] }[];
    expect(errors).toHaveLength(filters.length);
    expect(errors[0]).toEqual({});
    for (const [i, { field }] of filters.entries()) {
      if (i > 0) expect(errors[i].field?.[0]).toMatch(new RegExp(`^Unknown field "${field}"\\.`));
    }
    expect(filterFieldErrors([{ field: 'email' }, { field: 'meta.city' }, { field: 'tags' }])).toBeNull();
  });

  it('never write an inherited name into the SQL as a column: such a filter, stored, matches no one', () => {
    for (const field of INHERITED) {
      for (const comparison of ['exact', '!exact', 'isnull']) {
        expect(new PgDialect().sqlToQuery(filterSql({ field, comparison, value: 'x' })).sql, `${field} ${comparison}`).toBe('false');
      }
    }
    expect(new PgDialect().sqlToQuery(filterSql({ field: 'email', comparison: 'exact', value: 'x' })).sql).toBe('lower(c.email) = lower($1)');
  });
});
