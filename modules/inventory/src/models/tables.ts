/** The tables this module owns: only its own code reads or writes them (scripts/table-ownership.ts checks). */
export const ownedTables: readonly string[] = [
  'inventory_items',
  'purchase_history',
  'inventory_imports',
  'inventory_import_refusals',
  'inventory_mappings',
  // Matching recalls against them (match38).
  'inventory_match_runs',
  'inventory_matches',
];
