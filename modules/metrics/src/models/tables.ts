/** The tables this module owns: only its own code reads or writes them (scripts/table-ownership.ts checks). */
export const ownedTables: readonly string[] = ['metric_event_days', 'metric_notice_days', 'metric_response_times'];
