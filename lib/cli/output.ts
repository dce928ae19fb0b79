import { ZodError } from 'zod';
import { DataDirLockedError } from '@/db/data-dir-lock';
import { ApiError, ValidationError } from '@/lib/api/errors';
import { zodToDrf } from '@/lib/api/zod-to-drf';
// The API's validation wording (installed as zod's global error map), so the CLI says the same.
import '@/lib/api/drf-messages';
import { UsageError } from './args';

// Machine-readable output of `npm run manage`: one JSON object per line. Results go to stdout,
// errors to stderr as {"error": "..."} (plus "fields" for validation errors, in the API's DRF
// shape), so `… | jq` sees only results and the exit code tells success from failure.

export function emit(value: object): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

export type CliError = { error: string; fields?: object };

export function describeError(error: unknown): { body: CliError; exitCode: number } {
  if (error instanceof UsageError) return { body: { error: error.message }, exitCode: 2 };
  if (error instanceof ZodError) return { body: { error: 'Invalid input.', fields: zodToDrf(error) }, exitCode: 1 };
  if (error instanceof ValidationError) return { body: { error: 'Invalid input.', fields: error.errors }, exitCode: 1 };
  // DataDirLockedError and ApiError (NotFound, PermissionDenied …) carry a readable message.
  if (error instanceof DataDirLockedError || error instanceof ApiError) return { body: { error: error.message }, exitCode: 1 };
  return { body: { error: error instanceof Error ? error.message : String(error) }, exitCode: 1 };
}

export function emitError(error: unknown): number {
  const { body, exitCode } = describeError(error);
  process.stderr.write(`${JSON.stringify(body)}\n`);
  return exitCode;
}
