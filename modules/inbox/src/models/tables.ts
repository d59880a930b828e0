/** The tables this module owns: only its own code reads or writes them (scripts/table-ownership.ts checks). */
export const ownedTables: readonly string[] = [
  'provider_access_requests',
  'provider_communication_notes',
  'provider_communication_owners',
  'provider_communication_states',
  'provider_communication_counts',
  'provider_created_events',
  'provider_delegates',
  'provider_documents',
  'provider_internal_actions',
  'provider_response_dismissals',
];
