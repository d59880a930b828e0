import type { ModuleDeps } from '@portal/core';

/** A pass-through that wakes the mailer: the call it wraps queued emails, which then go out at once. */
export const mailKicker =
  (mail: ModuleDeps['mail']) =>
  <T>(value: T): T => {
    mail.kick();
    return value;
  };
