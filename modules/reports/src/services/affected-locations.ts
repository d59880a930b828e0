import { type FileResult, sheet } from '@portal/core';
import { affectedLocationColumns, type AffectedLocationRow, allAffectedLocations } from '@portal/communications';
import { fileOf, type ReportContext, type ReportFormat, responseLabel } from './event-reports.js';
import { openCommunicationReport } from './report-history.js';

/** The affected locations tab as a file (locations-csv-download, locations-xlxs-download), streamed in batches. */
export async function affectedLocationsReport(
  ctx: ReportContext,
  id: number,
  format: ReportFormat,
): Promise<FileResult> {
  await openCommunicationReport(ctx.db, ctx.actor, id, 'AffectedLocationsReport');
  return fileOf(ctx, 'Affected Locations Report', format, [
    sheet<AffectedLocationRow>({
      name: 'Affected Locations',
      columns: [
        ...affectedLocationColumns,
        { header: 'Customer', value: (r) => r.customer_name, width: 30 },
        { header: 'Acknowledged At', value: (r) => r.acknowledged_at, kind: 'datetime' },
        { header: 'Response Status', value: (r) => responseLabel(r.response_status), width: 14 },
      ],
      rows: allAffectedLocations(ctx.db, ctx.actor, id),
    }),
  ]);
}
