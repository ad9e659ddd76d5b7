import ExcelJS from 'exceljs';
import { apiUrl } from './api.ts';

/**
 * GETs a route's .xlsx (`download=true`) and reads its first sheet's rows as arrays of cell values,
 * with the status and the file name the response gives.
 */
export async function downloadSheet(
  token: string,
  path: string,
  query: Record<string, string | number | undefined>,
): Promise<{ status: number; name: string; rows: unknown[][] }> {
  const url = new URL(`${apiUrl()}/api/v1${path}`);
  for (const [k, v] of Object.entries({ ...query, download: 'true' }))
    if (v !== undefined) url.searchParams.set(k, String(v));
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  const name = /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? '';
  const rows: unknown[][] = [];
  if (response.status !== 200) return { status: response.status, name, rows };
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { status: response.status, name, rows };
}
