import { vocabularyLabel } from '@portal/vocabulary';
import { type FileResult, sheet } from '@portal/core';
import { type AffectedLocationRow, allAffectedLocations } from '@portal/communications';
import { fileOf, type ReportContext, type ReportFormat, responseLabel } from './event-reports.js';
import { openEventReport } from './report-history.js';

/** The affected locations tab as a file (locations-csv-download, locations-xlxs-download), streamed in batches. */
export async function affectedLocationsReport(
  ctx: ReportContext,
  id: number,
  format: ReportFormat,
): Promise<FileResult> {
  await openEventReport(ctx.db, ctx.actor, id, 'AffectedLocationsReport');
  return fileOf(ctx, 'Affected Locations Report', format, [
    sheet<AffectedLocationRow>({
      name: 'Affected Locations',
      columns: [
        { header: 'Location ID', value: (r) => r.location_id, width: 16 },
        { header: 'Location Name', value: (r) => r.location_name, width: 32 },
        { header: 'IDN', value: (r) => r.idn },
        { header: 'Address 1', value: (r) => r.address1, width: 28 },
        { header: 'Address 2', value: (r) => r.address2 },
        { header: 'City', value: (r) => r.city },
        { header: 'State', value: (r) => r.state, width: 8 },
        { header: 'Zip', value: (r) => r.zip, width: 10 },
        { header: 'Type', value: (r) => r.type },
        { header: 'Email', value: (r) => r.email, width: 30 },
        { header: 'Status', value: (r) => vocabularyLabel('locationStatus', r.status), width: 14 },
        { header: 'Customer', value: (r) => r.customer_name, width: 30 },
        { header: 'Acknowledged At', value: (r) => r.acknowledged_at, kind: 'datetime' },
        { header: 'Response Status', value: (r) => responseLabel(r.response_status), width: 14 },
      ],
      rows: allAffectedLocations(ctx.db, ctx.actor, id),
    }),
  ]);
}
