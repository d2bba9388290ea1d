/**
 * An error a client may see: it carries its status code and a message written for the reader.
 * Anything else that escapes a handler is logged and answered with the generic message below, so
 * internal messages never reach a client.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly details: Record<string, unknown> | undefined;
  /** Extra response headers, e.g. Retry-After on a 429. */
  readonly headers: Record<string, string>;

  constructor(statusCode: number, message: string, details?: Record<string, unknown>, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.details = details;
    this.headers = headers;
  }
}

/** Reader spec section 8, "An internal error occurred" as the product words it. */
export const GENERIC_ERROR_MESSAGE = 'Temporary system issue - our team has been notified';

/** Admin spec section 6: the route guard's texts. */
export const ACCESS_MESSAGES = {
  signInRequired: 'Sign in required',
  admin: 'Access denied. Admin privileges required.',
  moderator: 'Access denied. Moderator or admin privileges required.',
  deleted: 'This account has been deleted',
  suspended: 'This account is temporarily suspended: contact support',
} as const;

export const badRequest = (message: string, details?: Record<string, unknown>) => new HttpError(400, message, details);
export const notFound = (message: string) => new HttpError(404, message);
