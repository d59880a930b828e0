import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { TestApp } from './app.js';

/** A file answer as the report tests read it: status, the headers that name and type it, and its bytes. */
export interface DownloadedFile {
  status: number;
  disposition: string;
  type: string;
  body: Buffer;
}

/** GETs a file route (`path` from `/api`) with a token and the caller's time zone, the way the web's apiFile calls it. */
export async function downloadFile(t: TestApp, path: string, token: string, timezone: string): Promise<DownloadedFile> {
  const res = await fetch(`${t.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}`, timezone } });
  return {
    status: res.status,
    disposition: res.headers.get('content-disposition') ?? '',
    type: res.headers.get('content-type') ?? '',
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** Every sheet of an XLSX file by name: its rows, each as its cells from column A. */
export async function xlsxSheets(body: Buffer): Promise<Record<string, unknown[][]>> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const out: Record<string, unknown[][]> = {};
  wb.eachSheet((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    out[ws.name] = rows;
  });
  return out;
}

/** A CSV file's rows (the byte-order mark the reports write is dropped). */
export const csvRows = (body: Buffer): string[][] => parse(body, { bom: true }) as string[][];

/** Today as a download's file name carries it: "MM-DD-YYYY" in the caller's zone. */
export const fileNameDate = (timeZone: string): string =>
  new Intl.DateTimeFormat('en-US', { timeZone, month: '2-digit', day: '2-digit', year: 'numeric' })
    .format(new Date())
    .replace(/\//g, '-');
