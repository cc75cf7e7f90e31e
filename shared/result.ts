/** Error codes a user (or a script) can act on; never a stack trace. */
export const errorCodes = [
  'invalid_input',
  'unknown_operation',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'unavailable',
  'database_too_new',
  'database_corrupt',
  'payload_too_large',
  'rate_limited',
  'cancelled',
  'internal',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface ErrorInfo {
  code: ErrorCode;
  message: string;
  /** Where in the input the problem is (a JSON path, a file line), when known. */
  details?: string[];
}

/** What crosses every boundary (IPC, HTTP, CLI --json): a value or an actionable error. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: ErrorInfo };
