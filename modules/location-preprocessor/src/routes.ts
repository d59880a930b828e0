import { messageResult, type ModuleDeps, type Route, route } from '@portal/core';
import * as schema from './schemas.js';
import { bulkAccept, completeJob, decideRow } from './services/job-review.js';
import { createJob, listJobs, listSuppliers, removeJob } from './services/jobs.js';
import { getJob, jobDocument } from './services/job-detail.js';
import { listKnownProviders } from './services/known-providers.js';

const tags = ['location pre-processor'];
const BASE = '/notisphere/locationPreProcessor';
const ACCESS = ['Notisphere_ManageLocations'];

/**
 * Spec 000 §7 "Location pre-processor" and the calls the server decides (docs/decisions.md). Operator only
 * (Notisphere_ManageLocations). The fixed paths are mounted before `/{id}`.
 */
export function preprocessorRoutes({ db, files }: ModuleDeps, kick: () => void): Route[] {
  return [
    route({
      method: 'POST',
      path: `${BASE}/upload-locationpreprocessor-file`,
      access: ACCESS,
      multipart: true,
      summary:
        "Upload a supplier's location file (.csv or .xlsx, part `file`; `supplierId` or `supplier`): a PENDING job",
      tags,
      schema: { body: schema.uploadBody, response: schema.createdSchema },
      handler: async ({ actor, body, files: uploads }) => {
        const upload = uploads.find((u) => u.field === 'file') ?? uploads[0];
        const created = await createJob(db, actor, files, body.supplierId ?? body.supplier, upload);
        kick();
        return messageResult('The file is queued for matching.', created, 201);
      },
    }),
    route({
      method: 'GET',
      path: BASE,
      access: ACCESS,
      summary: 'Pre-processor jobs (paged; status and supplier name filters)',
      tags,
      schema: { query: schema.jobListQuery, response: schema.jobPageSchema },
      handler: ({ query }) => listJobs(db, query),
    }),
    route({
      method: 'GET',
      path: `${BASE}/locationPreProcessorSuppliers`,
      access: ACCESS,
      summary: 'The suppliers a location file may belong to',
      tags,
      schema: { response: schema.suppliersSchema },
      handler: () => listSuppliers(db),
    }),
    route({
      method: 'GET',
      path: `${BASE}/known-providers`,
      access: ACCESS,
      summary: 'Known providers (paged; search, state): external ids, aliases, portal organisation or site',
      tags,
      schema: { query: schema.knownListQuery, response: schema.knownProviderPageSchema },
      handler: ({ query }) => listKnownProviders(db, query),
    }),
    route({
      method: 'GET',
      path: `${BASE}/document/:id`,
      download: 'csv-or-xlsx',
      access: ACCESS,
      summary: 'The original file of a job',
      tags,
      schema: { params: schema.idParams },
      handler: ({ params }) => jobDocument(db, files, params.id),
    }),
    route({
      method: 'GET',
      path: `${BASE}/:id`,
      access: ACCESS,
      summary: 'One job with its progress and a page of its rows (decision, search, minConfidence)',
      tags,
      schema: { params: schema.idParams, query: schema.jobDetailQuery, response: schema.jobDetailSchema },
      handler: ({ params, query }) => getJob(db, params.id, query),
    }),
    route({
      method: 'PUT',
      path: `${BASE}/:id`,
      access: ACCESS,
      summary: 'Remove a job (status DEACTIVATED); audited',
      tags,
      schema: { params: schema.idParams, response: schema.jobSchema },
      handler: ({ actor, params }) => removeJob(db, actor, params.id),
    }),
    route({
      method: 'PUT',
      path: `${BASE}/:id/rows/:rowId`,
      access: ACCESS,
      summary: 'Decide a row: accept a known provider (a candidate or any other), or mark it UNMATCHED; audited',
      tags,
      schema: { params: schema.rowParams, body: schema.decideBody, response: schema.rowSchema },
      handler: ({ actor, params, body }) => decideRow(db, actor, params.id, params.rowId, body),
    }),
    route({
      method: 'POST',
      path: `${BASE}/:id/bulk-accept`,
      access: ACCESS,
      summary: 'Accept the best candidate of every REVIEW row at or above minConfidence; audited',
      tags,
      schema: { params: schema.idParams, body: schema.bulkAcceptBody, response: schema.bulkAcceptSchema },
      handler: ({ actor, params, body }) => bulkAccept(db, actor, params.id, body.minConfidence),
    }),
    route({
      method: 'POST',
      path: `${BASE}/:id/complete`,
      access: ACCESS,
      summary: "Complete a job: matched rows become the supplier's locations (verification PENDING); audited",
      tags,
      schema: { params: schema.idParams, response: schema.completeSchema },
      handler: ({ actor, params }) => completeJob(db, actor, params.id),
    }),
  ];
}
