import { describe, expect, it } from 'vitest';
import { postgresTarget } from './postgres-url';

describe('postgresTarget', () => {
  it('leaves a TCP URL as it is', () => {
    expect(postgresTarget('postgres://u:p@127.0.0.1:5432/db')).toEqual({ url: 'postgres://u:p@127.0.0.1:5432/db' });
    expect(postgresTarget('postgres://u@h/db?sslmode=require')).toEqual({ url: 'postgres://u@h/db?sslmode=require' });
  });

  it('lifts a socket directory out of the query, keeping the other parameters', () => {
    expect(postgresTarget('postgres://postgres@/engage?host=/var/run/postgresql')).toEqual({
      url: 'postgres://postgres@localhost/engage', host: '/var/run/postgresql',
    });
    expect(postgresTarget('postgresql:///engage?host=%2Ftmp&application_name=x')).toEqual({
      url: 'postgresql://localhost/engage?application_name=x', host: '/tmp',
    });
  });
});
