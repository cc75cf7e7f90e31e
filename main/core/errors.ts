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

/** Longest message, longest detail and most details an error carries across a boundary. */
export const errorLimits = { message: 600, detail: 300, details: 50 } as const;

/**
 * Control characters (C0 including line breaks, DEL, C1) and the bidirectional overrides, written as visible escapes
 * (`\x1B`, `\u202E`), so a terminal or a log shows them instead of obeying them. `keepLineBreaks` leaves \n and \t
 * alone, for multi-line output the program itself lays out.
 */
export function escapeControlCharacters(text: string, options: { keepLineBreaks?: boolean } = {}): string {
  // eslint-disable-next-line no-control-regex -- matching control characters is what this function is for
  const everyControl = /[\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
  // eslint-disable-next-line no-control-regex -- the same, leaving \n and \t alone
  const controlButLineBreaks = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
  const pattern = options.keepLineBreaks ? controlButLineBreaks : everyControl;
  return text.replace(pattern, (character) => {
    const code = character.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}

function cut(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

/** An error as every boundary shows it: control characters escaped, the message and each detail cut, at most 50 details. */
export function presentableError(info: ErrorInfo): ErrorInfo {
  const message = cut(escapeControlCharacters(info.message), errorLimits.message);
  if (!info.details) return { code: info.code, message };
  const details = info.details.slice(0, errorLimits.details).map((detail) => cut(escapeControlCharacters(detail), errorLimits.detail));
  if (info.details.length > errorLimits.details) details.push(`… and ${info.details.length - errorLimits.details} more`);
  return { code: info.code, message, details };
}

/** SQLite's result codes and Node's errno codes for a disk that is full, and for one that failed to write. */
const fullCodes = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
const writeFailureCodes = /^(?:SQLITE_IOERR(?:_[A-Z_]+)?|EIO|EFBIG|EROFS)$/;

/**
 * A write the disk refused, as an error a user can act on: "the disk is full" or "could not write" (SQLite rolls
 * back the transaction that failed); undefined for anything else.
 */
export function storageFailure(error: unknown): AppError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (fullCodes.has(code)) {
    return new AppError('unavailable', 'The disk is full: the operation was not completed (an unfinished write is rolled back). Free some space and try again.');
  }
  if (writeFailureCodes.test(code)) {
    return new AppError(
      'unavailable',
      `Could not write to the disk (${code}): the operation was not completed (an unfinished write is rolled back). Check the disk and its free space, then try again.`,
    );
  }
  return undefined;
}

/** Turns anything thrown into an ErrorInfo without leaking stack traces or internals. */
export function toErrorInfo(error: unknown): ErrorInfo {
  if (error instanceof AppError) return presentableError(error.toInfo());
  const storage = storageFailure(error);
  if (storage) return storage.toInfo();
  return { code: 'internal', message: 'Something went wrong inside cita; the operation was not completed. See the log for details.' };
}
