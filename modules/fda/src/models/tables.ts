/** The tables this module owns: only its own code reads or writes them (scripts/table-ownership.ts checks). */
export const ownedTables: readonly string[] = [
  'fda_device_recalls',
  'fda_enforcement_reports',
  'fda_counts',
  'fda_import_files',
];
