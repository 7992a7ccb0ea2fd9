import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '../shared/schemas/common';
import type { MissingItem } from '../shared/evidence';

/** The one error type services throw; `app.onError` maps it to HTTP. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** On a version conflict: the record as it is now, sent as `error.current`. */
    readonly current?: unknown,
    /** On a refused completion: what each task still needs, sent as `error.missing`. */
    readonly missing?: MissingItem[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (message: string) => new AppError('NOT_FOUND', message);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('FORBIDDEN', message);
export const conflict = (message: string) => new AppError('CONFLICT', message);
/** A write that named a version no longer current: 409 with the record as it is now. */
export const staleVersion = (message: string, current: unknown) =>
  new AppError('CONFLICT', message, undefined, current);
/** The completion gate: 409 with what is missing. */
export const evidenceMissing = (message: string, missing: MissingItem[]) =>
  new AppError('CONFLICT', message, undefined, undefined, missing);
export const unprocessable = (message: string) => new AppError('UNPROCESSABLE', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('BAD_REQUEST', message, fields);

export const STATUS_BY_CODE: Record<ErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UNPROCESSABLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
};
