// Minimal `--flag value` / `--flag=value` parsing for the operator scripts: no dependency, and
// unknown flags are errors rather than silently ignored.

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export type ParsedArgs = { command: string | undefined; flags: Record<string, string> };

export function parseArgs(argv: string[]): ParsedArgs {
  const [command, ...rest] = argv;
  const flags: Record<string, string> = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    const match = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(arg);
    if (!match) throw new UsageError(`Unexpected argument "${arg}".`);
    const [, name, inline] = match;
    if (inline !== undefined) {
      flags[name] = inline;
    } else {
      const value = rest[i + 1];
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value.`);
      flags[name] = value;
      i++;
    }
  }
  return { command, flags };
}

/** Checks that only `allowed` flags were given and every one of `required` is present. */
export function checkFlags(flags: Record<string, string>, required: string[], optional: string[] = []): void {
  const allowed = new Set([...required, ...optional]);
  for (const name of Object.keys(flags)) {
    if (!allowed.has(name)) throw new UsageError(`Unknown option --${name}.`);
  }
  const missing = required.filter((name) => flags[name] === undefined);
  if (missing.length) throw new UsageError(`Missing ${missing.map((n) => `--${n}`).join(', ')}.`);
}
