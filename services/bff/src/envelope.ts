import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Context } from 'koa';
import { AppError, isRetryableConflict, type Logger, type MessagePart, messagePart } from '@portal/core';

/** The envelope's `error`: the message's code (and reason, parameters), then the details. */
function errorBody(part: MessagePart, details?: unknown) {
  return {
    code: part.code,
    ...(part.reason === undefined ? {} : { reason: part.reason }),
    ...(part.params === undefined ? {} : { params: part.params }),
    ...(details === undefined ? {} : { details }),
  };
}

/** The failure envelope of DESIGN §2: `m` is the English message, `error` says it by code. */
export function sendError(ctx: Context, error: AppError, data?: unknown): void {
  ctx.status = error.status;
  ctx.type = 'application/json';
  ctx.body = {
    ok: false,
    m: error.message,
    error: errorBody(error.part, error.details),
    ...(data === undefined ? {} : { d: data }),
  };
}

const PG_UNIQUE = '23505';
const PG_FOREIGN_KEY = '23503';
const PG_CHECK = '23514';
const PG_NOT_NULL = '23502';
const PG_INVALID_TEXT = '22P02';
const PG_OUT_OF_RANGE = '22003';

// formidable's error codes (formidable/src/FormidableError.js) for what a client sent wrong.
const FORMIDABLE_MAX_FILES = 1015;
const FORMIDABLE_FILE_TOO_BIG = new Set([1009, 1016]);

/**
 * What a body parser (co-body, bourne, formidable) threw, as the client's error: it can only be the request body
 * (bad JSON, a `__proto__` key, a truncated or garbage multipart form, too many or too large files).
 */
export function bodyError(error: unknown, multipart: boolean, maxFiles: number): AppError {
  const e = error as {
    status?: number;
    statusCode?: number;
    httpCode?: number;
    code?: unknown;
    type?: string;
    message?: string;
  };
  const status = e.status ?? e.statusCode ?? e.httpCode;
  if (e.code === FORMIDABLE_MAX_FILES) return new AppError(413, 'TOO_MANY_FILES', { max: maxFiles });
  if (
    status === 413 ||
    e.type === 'entity.too.large' ||
    (typeof e.code === 'number' && FORMIDABLE_FILE_TOO_BIG.has(e.code))
  ) {
    return new AppError(413, 'PAYLOAD_TOO_LARGE');
  }
  if (status === 415) return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE');
  if (/prototype property/.test(e.message ?? '')) return new AppError(400, 'INVALID_BODY.prototypeKey');
  if (multipart) return new AppError(400, 'INVALID_BODY.multipart');
  return new AppError(400, 'INVALID_BODY.json');
}

/**
 * Maps anything thrown to a status and a human message: our AppErrors as they are, database constraint errors to
 * 409/400, transport errors (body too large, bad JSON) to theirs; everything else is a 500 with no internals.
 */
export function mapError(ctx: Context, error: unknown, logger: Logger): void {
  if (error instanceof AppError) {
    sendError(ctx, error);
    return;
  }
  const e = error as {
    code?: string;
    status?: number;
    statusCode?: number;
    expose?: boolean;
    message?: string;
    type?: string;
    nativeError?: { code?: unknown };
  };
  const status = e.status ?? e.statusCode;
  // objection wraps the driver's error (db-errors: UniqueViolationError, DataError, ...) and keeps its SQLSTATE inside.
  // (Read, not copied: http-errors keep `status` and `expose` on the prototype.)
  const sqlState = e.code ?? (typeof e.nativeError?.code === 'string' ? e.nativeError.code : undefined);
  if (sqlState === PG_UNIQUE) {
    sendError(ctx, new AppError(409, 'DUPLICATE'));
    return;
  }
  if (isRetryableConflict(error)) {
    // Still colliding after every rerun (core's transaction()): the records are busy, the request may be sent again.
    logger.warn({ err: error, requestId: ctx.state.requestId }, 'transaction conflict after retries');
    ctx.set('Retry-After', '1');
    sendError(ctx, new AppError(503, 'BUSY'));
    return;
  }
  if (sqlState === PG_FOREIGN_KEY) {
    sendError(ctx, new AppError(409, 'REFERENCE_CONFLICT'));
    return;
  }
  if (sqlState === PG_OUT_OF_RANGE) {
    sendError(ctx, new AppError(400, 'VALUE_OUT_OF_RANGE'));
    return;
  }
  if (sqlState === PG_CHECK || sqlState === PG_NOT_NULL || sqlState === PG_INVALID_TEXT) {
    sendError(ctx, new AppError(400, 'VALUE_MISSING_OR_NOT_ALLOWED'));
    return;
  }
  // Class 22 is PostgreSQL's "data exception": a value the schemas let through but a column cannot hold.
  if (typeof sqlState === 'string' && /^22[0-9A-Z]{3}$/.test(sqlState)) {
    sendError(ctx, new AppError(400, 'VALUE_NOT_ALLOWED'));
    return;
  }
  if (status === 413 || e.type === 'entity.too.large') {
    sendError(ctx, new AppError(413, 'PAYLOAD_TOO_LARGE'));
    return;
  }
  if (status === 415) {
    sendError(ctx, new AppError(415, 'UNSUPPORTED_MEDIA_TYPE'));
    return;
  }
  if (status === 400 && (e.type === 'entity.parse.failed' || /JSON|parse/i.test(e.message ?? ''))) {
    sendError(ctx, new AppError(400, 'INVALID_BODY.json'));
    return;
  }
  // 501 is the routers' answer to a method they do not know at all (PROPFIND, LOCK…): not a server failure.
  if (status === 405 || status === 501) {
    sendError(ctx, new AppError(405, 'METHOD_NOT_ALLOWED'));
    return;
  }
  if (status && status >= 400 && status < 500 && e.expose) {
    sendError(ctx, new AppError(status, 'BAD_REQUEST', { text: e.message ?? 'Bad request.' }));
    return;
  }
  logger.error({ err: error, requestId: ctx.state.requestId }, 'unhandled error');
  sendError(ctx, new AppError(500, 'INTERNAL_ERROR').withDetails({ requestId: ctx.state.requestId }));
}

/** What Node's HTTP parser refuses before any middleware runs, by its error code: status and message. */
const CLIENT_ERRORS: Record<string, [number, 'HEADERS_TOO_LARGE' | 'REQUEST_TIMEOUT' | 'PAYLOAD_TOO_LARGE']> = {
  HPE_HEADER_OVERFLOW: [431, 'HEADERS_TOO_LARGE'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'REQUEST_TIMEOUT'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'PAYLOAD_TOO_LARGE'],
};

/**
 * The HTTP server's `clientError` handler: a request Node refuses before Koa sees it (headers over the size limit,
 * malformed HTTP, a request too slow to arrive) gets the failure envelope every other answer has, instead of Node's
 * status line without a body. Nothing is written to a socket that is gone or already answering.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // As Node's own handler: answer unless the socket is gone or an answer has begun on it (a body that turns out
  // malformed after its headers, such as a bad chunk, arrives with the request's response not yet started).
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, key] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'MALFORMED_REQUEST'];
  const part = messagePart(key);
  const body = JSON.stringify({ ok: false, m: part.message, error: errorBody(part) });
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
      body,
  );
  socket.destroy();
}
