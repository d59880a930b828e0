/** The tables this module owns: only its own code reads or writes them (scripts/table-ownership.ts checks). */
export const ownedTables: readonly string[] = [
  'known_providers',
  'known_provider_aliases',
  'known_provider_identifiers',
  'preprocessor_jobs',
  'preprocessor_job_rows',
];
