// Errors that the handler wrapper turns into Django REST Framework bodies, as listed in
// docs/api-conventions.md. Services throw these; routes never build error responses themselves.

export type FieldErrors = { [field: string]: string[] | FieldErrors | (FieldErrors | string[])[] };

export class ApiError extends Error {
  constructor(public status: number, public body: object, public headers: Record<string, string> = {}) {
    super(typeof (body as { detail?: unknown }).detail === 'string' ? (body as { detail: string }).detail : 'API error');
  }
}

export class NotFoundError extends ApiError {
  constructor(detail = 'Not found.') { super(404, { detail }); }
}

export class ValidationError extends ApiError {
  constructor(public errors: FieldErrors) { super(400, errors); }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
  static nonField(message: string): ValidationError {
    return new ValidationError({ non_field_errors: [message] });
  }
}

export class ParseError extends ApiError {
  constructor(detail: string) { super(400, { detail }); }
}

export class PermissionDeniedError extends ApiError {
  constructor(detail = 'You do not have permission to perform this action.') { super(403, { detail }); }
}

export const NOT_PROVIDED = 'Authentication credentials were not provided.';
export const INVALID_TOKEN = 'Invalid token.';

export class AuthenticationError extends ApiError {
  constructor(detail: string = NOT_PROVIDED) { super(401, { detail }, { 'WWW-Authenticate': 'Token' }); }
}

export class MethodNotAllowedError extends ApiError {
  constructor(method: string, allow: string[]) {
    super(405, { detail: `Method "${method}" not allowed.` }, { Allow: allow.join(', ') });
  }
}

export class UnsupportedMediaTypeError extends ApiError {
  constructor(type: string) { super(415, { detail: `Unsupported media type "${type}" in request.` }); }
}

export class PayloadTooLargeError extends ApiError {
  constructor(limitBytes: number) {
    super(413, { detail: `Request body exceeds the limit of ${Math.round(limitBytes / 1024 / 1024)} MB.` });
  }
}

/** The database cannot be reached: nothing the client sent is at fault, and a retry may well succeed. */
export class ServiceUnavailableError extends ApiError {
  constructor() { super(503, { detail: 'Service temporarily unavailable, try again later.' }, { 'Retry-After': '5' }); }
}

export class InvalidPageError extends NotFoundError {
  constructor() { super('Invalid page.'); }
}
