import type { ErrorCode, ErrorInfo } from '../../shared/result.js';

/** An error with a code a user can act on; anything else reaching a boundary becomes `internal`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details: string[] | undefined;

  constructor(code: ErrorCode, message: string, details?: string[]) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.details = details;
  }

  toInfo(): ErrorInfo {
    return this.details ? { code: this.code, message: this.message, details: this.details } : { code: this.code, message: this.message };
  }
}

/** Turns anything thrown into an ErrorInfo without leaking stack traces or internals. */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof AppError) return error.toInfo();
  return { code: 'internal', message: 'Something went wrong inside cita; the operation was not completed. See the log for details.' };
}
