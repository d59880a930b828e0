import { pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs on stdout; secrets never reach them (redacted paths). */
export function createLogger(level = 'info'): Logger {
  return pino({
    level,
    base: { service: 'portal' },
    redact: ['req.headers.authorization', '*.password', '*.refresh_token', '*.access_token', '*.verification_code'],
  });
}
