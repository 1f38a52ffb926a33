export type ClientErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;

/**
 * A failure a client caused and may be told about: the API maps it to `{ error }` with `status`, plus `field` when
 * one input of the body is at fault (a form then marks that field, not the whole form).
 */
export class ServiceError extends Error {
  readonly status: ClientErrorStatus;
  readonly headers: Record<string, string>;
  field?: string;
  constructor(status: ClientErrorStatus, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.headers = headers;
  }

  /** The same error, naming the body's field at fault. */
  of(field: string): this {
    this.field = field;
    return this;
  }
}

export const badRequest = (message: string) => new ServiceError(400, message);
export const conflict = (message: string) => new ServiceError(409, message);
