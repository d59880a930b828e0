import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import { createModules } from '@portal/bff';
import {
  type Actor,
  AppError,
  type Config,
  createLogger,
  type Db,
  type FileResult,
  LocalFileStore,
  type Route,
  validate,
} from '@portal/core';
import { loadActor } from '@portal/organizations';
import { action, CliError, withDatabase } from '../context.js';
import { progressBar } from '../progress.js';

export type ReportFormat = 'csv' | 'xlsx';
type Side = 'SUPPLIER' | 'PROVIDER' | 'NOTISPHERE';

/**
 * A report the CLI can run: the API route(s) that stream it, per format. `:id` is the event (`--event`); `:x` the
 * provider communication of the organisation for that event, found by the CLI.
 */
export interface ReportDefinition {
  name: string;
  title: string;
  side: Side;
  event: boolean;
  paths: Partial<Record<ReportFormat, string>>;
  /** Fixed path parameters and query values the route needs (the dashboard's ALL status, the file type). */
  params?: Record<string, string>;
}

const S = '/supplier/communications';
const P = '/provider/communications';
const N = '/notisphere';

/** Every report of the product (spec 001 §7.4, §7.10, §7.11), by the name the CLI takes. */
export const REPORTS: readonly ReportDefinition[] = [
  // supplier, one event
  {
    name: 'provider-status',
    title: 'Provider Status Report',
    side: 'SUPPLIER',
    event: true,
    paths: { xlsx: `${S}/:id/actions/provider/statusreport`, csv: `${S}/:id/actions/provider/statusreport/csv` },
  },
  {
    name: 'fda-effectiveness',
    title: 'FDA Effectiveness Report',
    side: 'SUPPLIER',
    event: true,
    paths: { xlsx: `${S}/:id/fdareport` },
  },
  {
    name: 'change-history',
    title: 'Change History Report',
    side: 'SUPPLIER',
    event: true,
    paths: { xlsx: `${S}/:id/change-history-download` },
  },
  {
    name: 'audit',
    title: 'Audit Report',
    side: 'SUPPLIER',
    event: true,
    paths: { xlsx: `${S}/:id/auditreport`, csv: `${S}/:id/auditreport/csv` },
  },
  {
    name: 'recall-event-status',
    title: 'Recall Event Status Report',
    side: 'SUPPLIER',
    event: true,
    paths: { csv: `${S}/:id/recalleventstatusreport/csv` },
  },
  {
    name: 'event-status-by-location',
    title: 'Event Status By Location Report',
    side: 'SUPPLIER',
    event: true,
    paths: { xlsx: `${S}/:id/eventstatusbylocation` },
  },
  {
    name: 'event-summary',
    title: 'Recall Events Summary Report (one event)',
    side: 'SUPPLIER',
    event: true,
    paths: { xlsx: `${S}/:id/summeryreport` },
  },
  {
    name: 'notification',
    title: 'Notification Report',
    side: 'SUPPLIER',
    event: true,
    paths: { xlsx: `${S}/:id/notificationreport` },
  },
  {
    name: 'affected-locations',
    title: 'Affected Locations Report',
    side: 'SUPPLIER',
    event: true,
    paths: { xlsx: `${S}/:id/locations-xlxs-download`, csv: `${S}/:id/locations-csv-download` },
  },
  {
    name: 'paper-response-template',
    title: 'Paper Response Template',
    side: 'SUPPLIER',
    event: true,
    paths: { xlsx: `${S}/:id/paper-response-template` },
  },
  // supplier, every event
  {
    name: 'recall-events-summary',
    title: 'Recall Events Summary Report (every event)',
    side: 'SUPPLIER',
    event: false,
    paths: {
      xlsx: '/supplier/dashboard/:status/actions/supplier/summeryreport',
      csv: '/supplier/dashboard/:status/actions/supplier/summeryreport/csv',
    },
    params: { status: 'ALL' },
  },
  // provider, one event
  {
    name: 'provider-affected-locations',
    title: 'Affected Locations Report (provider)',
    side: 'PROVIDER',
    event: true,
    paths: { xlsx: `${P}/:id/provideraffectedlocation/:x` },
  },
  {
    name: 'provider-affected-products',
    title: 'Affected Products Report',
    side: 'PROVIDER',
    event: true,
    paths: { xlsx: `${P}/:id/provideraffectedproducts/:x` },
  },
  {
    name: 'customized-content',
    title: 'Customized Content Report',
    side: 'PROVIDER',
    event: true,
    paths: { xlsx: `${P}/:id/customizedcontent/:x` },
  },
  {
    name: 'provider-change-history',
    title: 'Change History Report (provider)',
    side: 'PROVIDER',
    event: true,
    paths: { xlsx: `${P}/:id/change-history-report/:x` },
  },
  // provider, every event
  {
    name: 'provider-recall-summary',
    title: 'Provider Recall Summary Report',
    side: 'PROVIDER',
    event: false,
    paths: { xlsx: `${P}/providerRecallSummaryReport`, csv: `${P}/providerRecallSummaryReport/csv` },
  },
  {
    name: 'delegate-summary',
    title: 'Delegate Summary Report',
    side: 'PROVIDER',
    event: false,
    paths: { xlsx: `${P}/providerAllDelegateSummaryReport`, csv: `${P}/providerAllDelegateSummaryReport/csv` },
  },
  // operator
  {
    name: 'recalls',
    title: 'Recalls Report',
    side: 'NOTISPHERE',
    event: false,
    paths: { xlsx: `${N}/communications/downloadxlsx`, csv: `${N}/communications/downloadcsv` },
  },
  {
    name: 'operator-event-summary',
    title: 'Event Summary Report',
    side: 'NOTISPHERE',
    event: false,
    paths: { xlsx: `${N}/communications/:type/summary`, csv: `${N}/communications/:type/summary` },
  },
  {
    name: 'provider-accounts',
    title: 'Provider Account Report',
    side: 'NOTISPHERE',
    event: false,
    paths: {
      xlsx: `${N}/organizations/downloadprovideraccountxlsx`,
      csv: `${N}/organizations/downloadprovideraccountcsv`,
    },
  },
];

const SIDE_WORD: Record<Side, string> = { SUPPLIER: 'supplier', PROVIDER: 'provider', NOTISPHERE: 'operator' };

/** `reports list`: one line per report with who runs it, whether it needs --event, and its formats. */
export function reportsList(): string {
  const width = Math.max(...REPORTS.map((r) => r.name.length));
  return REPORTS.map(
    (r) =>
      `${r.name.padEnd(width)}  ${SIDE_WORD[r.side].padEnd(8)}  ${(r.event ? '--event' : '').padEnd(7)}  ${Object.keys(
        r.paths,
      )
        .join(',')
        .padEnd(8)}  ${r.title}`,
  ).join('\n');
}

export interface ExportOptions {
  event?: string;
  org?: string;
  format?: string;
  output?: string;
  timezone?: string;
}

interface Organization {
  id: number;
  name: string;
  type: Side;
}

async function findOrganization(db: Db, org: string): Promise<Organization> {
  const q = db('organizations').whereNot({ status: 'DELETED' });
  if (/^\d+$/.test(org)) q.where({ id: Number(org) });
  else q.whereRaw('lower(name) = lower(?)', [org.trim()]);
  const rows = (await q.limit(2).select('id', 'name', 'type')) as Organization[];
  if (!rows.length) throw new CliError(`No organisation named or numbered "${org}".`);
  if (rows.length > 1) throw new CliError(`More than one organisation is named "${org}": give its id.`);
  return { ...rows[0]!, id: Number(rows[0]!.id) };
}

/** The organisation's administrator as the caller: the report then shows what that administrator would download. */
async function administratorOf(db: Db, organization: Organization): Promise<Actor> {
  const admins = (await db('memberships as m')
    .join('roles as r', 'r.id', 'm.role_id')
    .join('users as u', 'u.id', 'm.user_id')
    .where({ 'm.organization_id': organization.id, 'm.status': 'ACTIVE', 'r.name': 'Administrator' })
    .orderBy('u.id')
    .pluck('u.id')) as number[];
  for (const userId of admins) {
    const actor = await loadActor(db, Number(userId), organization.id);
    if (actor) return actor;
  }
  throw new CliError(`${organization.name} has no active administrator to run the report as.`);
}

/** Where the output goes: a writable plus the path it was written to ('-' is standard output). */
export interface ExportResult {
  report: string;
  filename: string;
  output: string;
  bytes: number;
  organization: string;
}

/**
 * Runs one report through the API's own route handler (so the same services and the same streaming writer produce
 * it) as the organisation's administrator, or the operator's, and streams the file to `--output` (or the report's
 * own file name in the current folder; `-` for standard output).
 */
export async function reportsExport(
  db: Db,
  config: Config,
  name: string,
  options: ExportOptions,
  io: { progress?: (bytes: number) => void; stdout?: Writable } = {},
): Promise<ExportResult> {
  const report = REPORTS.find((r) => r.name === name);
  if (!report) throw new CliError(`Unknown report "${name}". Run \`reports list\` to see them.`);
  const format = (options.format ?? Object.keys(report.paths)[0]) as ReportFormat;
  if (format !== 'csv' && format !== 'xlsx') throw new CliError('--format must be csv or xlsx.');
  const routePath = report.paths[format];
  if (!routePath) throw new CliError(`${name} comes as ${Object.keys(report.paths).join(' or ')} only, not ${format}.`);
  let eventId: number | undefined;
  if (report.event) {
    if (options.event === undefined) throw new CliError(`${name} needs --event <id>.`);
    if (!/^\d{1,15}$/.test(options.event) || Number(options.event) < 1)
      throw new CliError('--event must be an event id (a positive whole number).');
    eventId = Number(options.event);
  } else if (options.event !== undefined) throw new CliError(`${name} covers every event: leave out --event.`);

  // Whose eyes: the named organisation, else the operator; a supplier's event report defaults to its supplier.
  let organization: Organization;
  if (options.org !== undefined) organization = await findOrganization(db, options.org);
  else if (report.side === 'SUPPLIER' && eventId !== undefined) {
    const event = (await db('communications').where({ id: eventId }).first('organization_id')) as
      | { organization_id: number }
      | undefined;
    if (!event) throw new CliError(`No event ${eventId}.`);
    organization = await findOrganization(db, String(event.organization_id));
  } else if (report.side === 'NOTISPHERE') {
    const operator = (await db('organizations').where({ type: 'NOTISPHERE' }).orderBy('id').first('id')) as
      | { id: number }
      | undefined;
    if (!operator) throw new CliError('There is no operator organisation.');
    organization = await findOrganization(db, String(operator.id));
  } else throw new CliError(`${name} is a ${SIDE_WORD[report.side]} report: name the organisation with --org.`);
  if (organization.type !== report.side)
    throw new CliError(
      `${name} is a ${SIDE_WORD[report.side]} report, and ${organization.name} is not a ${SIDE_WORD[report.side]}.`,
    );
  const actor = await administratorOf(db, organization);
  const timezone = options.timezone ?? 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
  } catch {
    throw new CliError(`--timezone "${timezone}" is not an IANA time zone (e.g. Asia/Ho_Chi_Minh).`);
  }

  const params: Record<string, string> = { ...report.params };
  if (eventId !== undefined) params.id = String(eventId);
  // The operator's Event Summary Report takes its file type in the path.
  if (routePath.includes(':type')) params.type = format;
  if (routePath.includes(':x')) {
    const pc = (await db('provider_communications as pc')
      .join('organizations as o', 'o.id', 'pc.provider_organization_id')
      .where({ 'pc.communication_id': eventId })
      .where((q) => q.where('o.id', organization.id).orWhere('o.parent_id', organization.id))
      .whereNot('pc.status', 'DELETED')
      .orderByRaw('(o.id = ?) DESC, pc.id', [organization.id])
      .first('pc.id')) as { id: number } | undefined;
    if (!pc) throw new CliError(`${organization.name} did not receive event ${eventId}.`);
    params.x = String(pc.id);
  }

  const deps = {
    db,
    config,
    logger: createLogger('silent'),
    mail: { kick: () => undefined },
    files: new LocalFileStore(path.join(config.dataDir, 'files')),
  };
  const route = createModules(deps)
    .flatMap((m) => m.routes)
    .find((r: Route) => r.method === 'GET' && r.path === routePath);
  if (!route) throw new CliError(`The API has no route ${routePath} (a catalogue entry out of date).`);
  let result: FileResult;
  try {
    if (route.schema?.params) validate(route.schema.params, params, 'Path');
    const query = {};
    if (route.schema?.query) validate(route.schema.query, query, 'Query');
    result = (await route.handler({
      body: {},
      query,
      params,
      actor,
      accessToken: null,
      timezone,
      requestId: 'cli',
      ip: '127.0.0.1',
      userAgent: 'portal-cli',
      files: [],
    })) as FileResult;
  } catch (error) {
    // The API's own refusals (not found, not allowed) are the user's to act on: a message, not a stack.
    if (error instanceof AppError) throw new CliError(error.message);
    throw error;
  }

  const output = options.output ?? result.filename;
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      io.progress?.(bytes);
      done(null, chunk);
    },
  });
  const body = result.body;
  const source =
    typeof body === 'string' || Buffer.isBuffer(body) ? Readable.from([Buffer.from(body)]) : (body as Readable);
  const target = output === '-' ? (io.stdout ?? process.stdout) : createWriteStream(output, { flags: 'wx' });
  try {
    await pipeline(source, counter, target, { end: output !== '-' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new CliError(`${output} exists already.`);
    // Never leave a cut file that looks whole.
    if (output !== '-') await rm(output, { force: true });
    throw error;
  }
  return { report: name, filename: result.filename, output, bytes, organization: organization.name };
}

export function configureReportsCommand(program: Command): void {
  const reports = program.command('reports').description('Reports: list them, export one to a file');
  reports
    .command('list')
    .description('Name every report: who runs it, whether it needs --event, its formats')
    .action(action(async () => reportsList()));
  reports
    .command('export')
    .description(
      "Run a report as the organisation's administrator (or the operator) through the API's streaming writer",
    )
    .argument('<report>', 'report name (see reports list)')
    .option('--event <id>', 'the event, for a report of one event')
    .option('--org <name|id>', 'the organisation whose administrator runs it (default: the operator)')
    .option('--format <format>', 'csv or xlsx (default: the first the report offers)')
    .option('--output <file>', "where to write (default: the report's own file name; - for standard output)")
    .option('--timezone <zone>', 'IANA time zone for the dates in the report (default UTC)')
    .action(
      action((name: string, opts: ExportOptions) =>
        withDatabase(async (db, config) => {
          // On a terminal only, never in a pipe or a log; not when the report itself goes to standard output.
          const bar =
            opts.output === '-' ? undefined : progressBar({ total: 0, format: '{output}: {value} KB written' });
          const output = opts.output ?? name;
          const progress = bar && ((bytes: number) => bar.update(Math.round(bytes / 1024), { output }));
          const r = await reportsExport(db, config, name, opts, { progress }).finally(() => bar?.stop());
          return r.output === '-'
            ? undefined
            : `${r.filename} (${r.bytes} bytes, as ${r.organization}) written to ${r.output}`;
        }),
      ),
    );
}
