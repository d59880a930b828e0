import { type MessageArgs, type MessagePart, type MessageValue, messagePart } from '@portal/vocabulary';

// The catalogue, for the modules (which reach the vocabulary through core) and their tests.
export {
  MESSAGES,
  type MessageArgs,
  type MessageKey,
  type MessagePart,
  type MessageValue,
  messagePart,
  messageText,
  type PlainMessageKey,
} from '@portal/vocabulary';

/**
 * One error hierarchy: services throw these by message key (`@portal/vocabulary`'s catalogue), the BFF maps them to
 * the envelope and status. The key gives `code` (and `reason`) and the English `message`; `params` fill it in.
 */
export class AppError extends Error {
  readonly code: string;
  readonly reason?: string;
  readonly params?: Record<string, MessageValue>;
  /** What the client may read besides the message: each bad field, each refused row. */
  details?: unknown;

  constructor(
    readonly status: number,
    ...args: MessageArgs
  ) {
    const part = messagePart(...args);
    super(part.message);
    this.name = new.target.name;
    this.code = part.code;
    if (part.reason !== undefined) this.reason = part.reason;
    if (part.params !== undefined) this.params = part.params;
  }

  /** The same error with `details` (answered as `error.details`). */
  withDetails(details: unknown): this {
    this.details = details;
    return this;
  }

  /** The message as the wire carries it, to nest in another message or a row's problems. */
  get part(): MessagePart {
    return {
      code: this.code,
      ...(this.reason === undefined ? {} : { reason: this.reason }),
      ...(this.params === undefined ? {} : { params: this.params }),
      message: this.message,
    };
  }
}

/** One bad field: `{ field, code, reason?, params?, message }`, an entry of a validation error's `details`. */
export type FieldError = { field: string } & MessagePart;

export function fieldError(field: string, ...args: MessageArgs): FieldError {
  return { field, ...messagePart(...args) };
}

/** The key and parameters a message travelled with, to throw it again (a field's problem as the error). */
export function argsOf(part: MessagePart): MessageArgs {
  return [part.reason === undefined ? part.code : `${part.code}.${part.reason}`, part.params] as MessageArgs;
}

export class ValidationError extends AppError {
  constructor(...args: MessageArgs) {
    super(400, ...args);
  }

  /** One bad field: the error says its message, and `details` names the field. */
  static field(field: string, ...args: MessageArgs): ValidationError {
    return new ValidationError(...args).withDetails([fieldError(field, ...args)]);
  }
}

export class UnauthorizedError extends AppError {
  constructor(...args: MessageArgs | []) {
    super(401, ...(args.length ? args : (['UNAUTHORIZED'] as const)));
  }
}

export class ForbiddenError extends AppError {
  constructor(...args: MessageArgs | []) {
    super(403, ...(args.length ? args : (['FORBIDDEN'] as const)));
  }
}

export class NotFoundError extends AppError {
  constructor(...args: MessageArgs | []) {
    super(404, ...(args.length ? args : (['NOT_FOUND'] as const)));
  }
}

export class ConflictError extends AppError {
  constructor(...args: MessageArgs) {
    super(409, ...args);
  }
}

export class BusinessRuleError extends AppError {
  constructor(...args: MessageArgs) {
    super(422, ...args);
  }
}

export class LockedError extends AppError {
  constructor(...args: MessageArgs | []) {
    super(423, ...(args.length ? args : (['ACCOUNT_LOCKED'] as const)));
  }
}

export class RateLimitError extends AppError {
  constructor(...args: MessageArgs | []) {
    super(429, ...(args.length ? args : (['RATE_LIMITED'] as const)));
  }
}
