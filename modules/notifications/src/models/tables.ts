/** The tables this module owns: only its own code reads or writes them (scripts/table-ownership.ts checks). */
export const ownedTables: readonly string[] = [
  'outbox_emails',
  'email_events',
  'email_templates',
  'email_template_versions',
];
