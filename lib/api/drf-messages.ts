import { z } from 'zod';

// Validation messages in Django REST Framework's wording, which API clients of this kind match on.
// Installed once as zod's global error map, so every schema (API, forms, OpenAPI) speaks the same.

type Issue = z.core.$ZodRawIssue;

const typeNames: Record<string, string> = {
  string: 'Not a valid string.',
  boolean: 'Must be a valid boolean.',
  number: 'A valid number is required.',
  int: 'A valid integer is required.',
  object: 'Invalid data. Expected a dictionary, but got {type}.',
  record: 'Invalid data. Expected a dictionary, but got {type}.',
  array: 'Expected a list of items but got type "{type}".',
  date: 'Datetime has wrong format.',
};

function describe(input: unknown): string {
  if (Array.isArray(input)) return 'list';
  if (input === null) return 'null';
  if (typeof input === 'object') return 'dict';
  if (typeof input === 'number') return Number.isInteger(input) ? 'int' : 'float';
  if (typeof input === 'boolean') return 'bool';
  return 'str';
}

export function drfMessage(issue: Issue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      const template = typeNames[issue.expected as string] ?? 'Invalid value.';
      return template.replace('{type}', describe(issue.input));
    }
    case 'too_big':
      if (issue.origin === 'string') return `Ensure this field has no more than ${issue.maximum} characters.`;
      if (issue.origin === 'array') return `Ensure this field has no more than ${issue.maximum} elements.`;
      return `Ensure this value is less than or equal to ${issue.maximum}.`;
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1 ? 'This field may not be blank.'
          : `Ensure this field has at least ${issue.minimum} characters.`;
      }
      if (issue.origin === 'array') return Number(issue.minimum) <= 1 ? 'This list may not be empty.'
        : `Ensure this field has at least ${issue.minimum} elements.`;
      return `Ensure this value is greater than or equal to ${issue.minimum}.`;
    case 'invalid_format':
      if (issue.format === 'email') return 'Enter a valid email address.';
      if (issue.format === 'url') return 'Enter a valid URL.';
      if (issue.format === 'uuid') return 'Must be a valid UUID.';
      if (issue.format === 'datetime') return 'Datetime has wrong format. Use ISO 8601.';
      return 'Enter a valid value.';
    case 'invalid_value':
      // A choice left out, or sent as null, is told as any missing or null field is.
      if (issue.input === undefined) return 'This field is required.';
      if (issue.input === null) return 'This field may not be null.';
      return `"${String(issue.input)}" is not a valid choice.`;
    default:
      return undefined;
  }
}

let installed = false;
export function installDrfMessages(): void {
  if (installed) return;
  installed = true;
  z.config({ customError: drfMessage });
}
installDrfMessages();
