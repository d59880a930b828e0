/** The tables this module owns: only its own code reads or writes them (scripts/table-ownership.ts checks). */
export const ownedTables: readonly string[] = [
  'refresh_tokens',
  'one_time_codes',
  'user_totp',
  'totp_recovery_codes',
  'sso_logins',
];
