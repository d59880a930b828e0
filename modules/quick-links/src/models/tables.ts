/** The tables this module owns: only its own code reads or writes them (scripts/table-ownership.ts checks). */
export const ownedTables: readonly string[] = ['quick_links', 'quick_link_organizations'];
