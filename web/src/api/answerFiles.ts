/**
 * Every file the providers uploaded to answer one event, as one zip with a manifest.csv (docs/api-answer-files.md):
 * the supplier's own event, or any event for the operator. Downloaded with `downloadFile` (web/src/api/client.ts).
 */
export const answerFilesZipPath = (reader: 'supplier' | 'operator', id: number): string =>
  `${reader === 'operator' ? '/notisphere' : '/supplier'}/communications/${id}/files.zip`;
