import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PayrollRunView } from '@coopledger/shared/payroll-views';
import { LOGO_TYPE_MESSAGE } from '@coopledger/shared/schemas/cooperative';
import { UNSAFE_TEXT_MESSAGE } from '@coopledger/shared/text';
import { db } from '../../functions/core/clients.ts';
import { table } from '../../functions/core/db.ts';
import { putObject } from '../../functions/core/import-files.ts';
import { keys, objectKeys } from '../../functions/core/keys.ts';
import type { WorkbookCaps } from '../../functions/core/workbook-upload.ts';
import { workbookLimits, workbookMessages } from '../../functions/core/workbook-upload.ts';
import { LOAN_IMPORT_WORKBOOK } from '../../functions/loans/import.ts';
import { MEMBER_IMPORT_WORKBOOK } from '../../functions/members/member-import.ts';
import { PAYROLL_WORKBOOK } from '../../functions/payroll/payroll-workbook.ts';
import { SAVINGS_IMPORT_WORKBOOK } from '../../functions/savings/import.ts';
import { updateCooperative } from '../../functions/cooperatives/cooperative-store.ts';
import { apiUrl, call, superToken, tokenFor } from './support/api.ts';
import { useRuntimeEnv } from './support/env.ts';
import type { LoanWorld, Member } from './support/loans.ts';
import { applied, application, loanProduct, loanWorld, members } from './support/loans.ts';
import { memberBody } from './support/members.ts';
import { planOf } from './support/savings.ts';

/**
 * Issue 18, items 6, 7, 8 and 10: text that XML forbids, names that break downloads, decompression
 * bombs and uploads that trust the client's Content-Type. One cooperative of its own.
 */
let world: LoanWorld;

beforeAll(async () => {
  useRuntimeEnv();
  world = await loanWorld('HF');
}, 120_000);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const HTML = Buffer.from('<!doctype html><html><body><script>fetch("/api/v1/cooperative/all")</script></body></html>');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.domain)</script></svg>',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

const inCoop = (query: Record<string, string> = {}) => ({ cooperative_id: world.ctx.coop, ...query });

/** A member of the test cooperative created by staff with these profile fields; signs in with secret123. */
async function memberNamed(overrides: Record<string, unknown>): Promise<Member> {
  const r = await call<{ coop_id: string }>('POST', '/cooperative/member', {
    token: world.ctx.token,
    body: {
      ...memberBody(world.department, { role_id: 'cooperative-member', password: 'secret123', ...overrides }),
      cooperative_id: world.ctx.coop,
    },
  });
  if (r.status !== 201)
    throw new Error(`Could not create a member: ${r.status} ${r.body.message} ${JSON.stringify(r.body.errors)}`);
  return { id: r.body.data.coop_id, token: await tokenFor(r.body.data.coop_id, 'secret123') };
}

/** Fetches an API file route as the test cooperative's staff. */
const fileFrom = (path: string, query: Record<string, string>, init: RequestInit = {}) =>
  fetch(`${apiUrl()}/api/v1${path}?${new URLSearchParams(inCoop(query)).toString()}`, {
    ...init,
    headers: { authorization: `Bearer ${world.ctx.token}`, ...init.headers },
  });

async function workbookOf(response: Response): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  return book;
}

/** The file name a content-disposition header gives in full: its RFC 5987 filename*, decoded by hand. */
function fullName(header: string | null): string | undefined {
  const encoded = /filename\*=UTF-8''([^;]+)/.exec(header ?? '')?.[1];
  return encoded === undefined ? undefined : decodeURIComponent(encoded);
}

describe('text that XML and spreadsheets cannot hold', () => {
  it("refuses a character XML forbids in a member's own profile and changes nothing", async () => {
    // Prepare
    const fola = await memberNamed({ firstname: 'Fola' });

    // Act
    const staffInfo = await call('POST', '/cooperative/member/details/edit', {
      token: fola.token,
      body: {
        ...memberBody(world.department, { firstname: 'Fola\uFFFE' }),
        coop_id: fola.id,
        detail_type: 'STAFF-INFO',
      },
    });
    const nextOfKin = await call('POST', '/cooperative/member/details/edit', {
      token: fola.token,
      body: {
        coop_id: fola.id,
        detail_type: 'NOK-INFO',
        nok_name: 'Mama\u0001 Fola',
        nok_address: '3 Allen Avenue',
        nok_phone: '08030000001',
        nok_email: 'mama@example.com',
      },
    });
    const loneSurrogate = await call('POST', '/cooperative/member/details/edit', {
      token: fola.token,
      body: {
        coop_id: fola.id,
        detail_type: 'NOK-INFO',
        nok_name: 'Mama \uD83C',
        nok_address: '3 Allen Avenue',
        nok_phone: '08030000001',
        nok_email: 'mama@example.com',
      },
    });

    // Assess
    expect(staffInfo.status).toBe(422);
    expect(staffInfo.body.errors).toEqual({ firstname: UNSAFE_TEXT_MESSAGE });
    expect(nextOfKin.status).toBe(422);
    expect(nextOfKin.body.errors).toEqual({ nok_name: UNSAFE_TEXT_MESSAGE });
    expect(loneSurrogate.body.errors).toEqual({ nok_name: UNSAFE_TEXT_MESSAGE });
    const after = await call<{ firstname: string; nokInfo: { name: string } | null }>(
      'GET',
      '/cooperative/member/single',
      { token: fola.token, query: inCoop({ coop_id: fola.id }) },
    );
    expect(after.body.data.firstname).toBe('Fola');
    expect(after.body.data.nokInfo?.name).toBe('Chidi Obi');
  });

  it('reports a control character in a savings import description by row and column, and posts nothing', async () => {
    // Prepare
    const ada = await memberNamed({});
    const file = new Blob([
      `member,product,transaction_type,amount,date,description\r\n${ada.id},Regular Savings,DEPOSIT,5000,2026-02-10,February\u0001 dues\r\n`,
    ]);
    const form = new FormData();
    form.append('cooperative_id', world.ctx.coop);
    form.append('type', 'NORMAL_HISTORY');
    form.append('bank_id', world.bank);
    form.append('file', file, 'history.csv');

    // Act
    const started = await call<{ import_id: string }>('POST', '/savings/import', { token: world.ctx.token, form });
    expect(started.status, started.body.message).toBe(202);
    let status = await call<{
      done: boolean;
      status: string;
      rows_written: number;
      errors: { row: number; column: string; message: string }[];
    }>('GET', '/savings/import/status', {
      token: world.ctx.token,
      query: inCoop({ import_id: started.body.data.import_id }),
    });
    for (let i = 0; i < 200 && !status.body.data.done; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      status = await call('GET', '/savings/import/status', {
        token: world.ctx.token,
        query: inCoop({ import_id: started.body.data.import_id }),
      });
    }

    // Assess
    expect(status.body.data.status).toBe('INVALID');
    expect(status.body.data.errors).toContainEqual({ row: 2, column: 'description', message: UNSAFE_TEXT_MESSAGE });
    expect(status.body.data.rows_written).toBe(0);
  });

  it('still exports the members report and a payroll file that uploads again when a stored name holds such a character', async () => {
    // Prepare: a name stored before the schemas refused these characters.
    const ada = await memberNamed({ firstname: 'Ada', lastname: 'Okafor' });
    await planOf(world, ada.id, { amount: '5000' });
    await db().send(
      new UpdateCommand({
        TableName: table(),
        Key: keys.member(world.ctx.coop, ada.id),
        UpdateExpression: 'SET firstname = :name',
        ExpressionAttributeValues: { ':name': 'Ada\uFFFE\u0008' },
      }),
    );
    const period = { start_date: '2026-02-01', end_date: '2026-02-28', repayment_type: 'Salary' };

    // Act
    const report = await fileFrom('/cooperative/member/download-report', {});
    const payroll = await fileFrom(
      '/cooperative/monthly-deduction/download',
      {},
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(period) },
    );

    // Assess: both open, with each forbidden character shown as U+FFFD.
    expect(report.status).toBe(200);
    const reportRows = (await workbookOf(report)).getWorksheet('Members')!.getSheetValues().flat();
    expect(reportRows).toContain('Ada\uFFFD\uFFFD Okafor');
    expect(payroll.status).toBe(200);
    const payrollFile = Buffer.from(await payroll.arrayBuffer());
    const payrollBook = new ExcelJS.Workbook();
    await payrollBook.xlsx.load(payrollFile as unknown as ArrayBuffer);
    expect(payrollBook.getWorksheet('Payroll')!.getSheetValues().flat()).toContain('Ada\uFFFD\uFFFD Okafor');

    // The payroll office sends the file back as it is: it reads and posts.
    const form = new FormData();
    form.append('cooperative_id', world.ctx.coop);
    for (const [name, value] of Object.entries({ ...period, bank_id: world.bank })) form.append(name, value);
    form.append('file', new Blob([payrollFile]), 'payroll.xlsx');
    const started = await call<PayrollRunView>('POST', '/cooperative/monthly-deduction/upload', {
      token: world.ctx.token,
      form,
    });
    expect(started.status, started.body.message).toBe(202);
    let run = started.body.data;
    for (let i = 0; i < 300 && !run.done; i++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      run = (
        await call<PayrollRunView>('GET', '/cooperative/monthly-deduction/single', {
          token: world.ctx.token,
          query: inCoop({ run_id: run.id }),
        })
      ).body.data;
    }
    expect(run.errors).toEqual([]);
    expect(run.status).toBe('COMPLETED');
    expect(run.received_total).toBe(5000);
  });
});

describe('names that must not break downloads', () => {
  it('downloads the loan form of a member named Fúnmiláyọ Adébáyọ̀ with an ASCII filename and the whole name in filename*', async () => {
    // Prepare
    const applicant = await memberNamed({ firstname: 'Fúnmiláyọ', lastname: 'Adébáyọ̀' });
    const [bola, chidi] = await members(world, 2);
    const product = `Car Loan ${world.ctx.tag}`;
    const loan = await applied(
      world,
      application(world, await loanProduct(world, product), applicant.id, bola.id, chidi.id),
    );

    // Act
    const response = await fileFrom('/cooperative/loans/download-loan-form', { loan_id: loan.id });

    // Assess
    expect(response.status).toBe(200);
    const header = response.headers.get('content-disposition');
    expect(header).toMatch(/^attachment; /);
    expect(header).toContain(`filename="Funmilayo Adebayo ${product}-form.pdf"`);
    expect(fullName(header)).toBe(`Fúnmiláyọ Adébáyọ̀ ${product}-form.pdf`);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
  });

  it('downloads the members report of a cooperative named in Arabic with an emoji', async () => {
    // Prepare
    const name = 'جمعية النور التعاونية 🌍';
    const code = `AR${world.ctx.tag}`;
    const form = new FormData();
    for (const [field, value] of Object.entries({
      name,
      code,
      email: `info@${code.toLowerCase()}.example`,
      phone: '+234 803 555 0100',
      address: '1 Marina, Lagos',
    }))
      form.append(field, value);
    const coop = await call<{ id: string }>('POST', '/cooperative', { token: await superToken(), form });
    expect(coop.status, coop.body.message).toBe(201);

    // Act
    const response = await fetch(
      `${apiUrl()}/api/v1/cooperative/member/download-report?cooperative_id=${coop.body.data.id}`,
      { headers: { authorization: `Bearer ${await superToken()}` } },
    );

    // Assess: every run of Arabic letters, and the emoji, is one '_' in the ASCII name.
    expect(response.status).toBe(200);
    const header = response.headers.get('content-disposition');
    expect(header).toContain('filename="members-report-_ _ _ _.xlsx"');
    expect(fullName(header)).toBe(`members-report-${name}.xlsx`);
    expect((await workbookOf(response)).getWorksheet('Members')).toBeDefined();
  });

  it('sends an uploaded loan form named in Yoruba through its link as an attachment under its whole name', async () => {
    // Prepare
    const owner = await memberNamed({});
    const form = new FormData();
    form.append('cooperative_id', world.ctx.coop);
    form.append('coop_id', owner.id);
    form.append('file', new Blob([PDF], { type: 'application/pdf' }), 'Fọ́ọ̀mù Àwìn.pdf');
    const uploaded = await call<{ id: string; file_name: string }>('POST', '/cooperative/loans/form/upload-loan-form', {
      token: world.ctx.token,
      form,
    });
    expect(uploaded.status, uploaded.body.message).toBe(201);

    // Act
    const link = await call<{ url: string }>('GET', '/cooperative/loans/download-uploaded-form', {
      token: world.ctx.token,
      query: inCoop({ form_id: uploaded.body.data.id }),
    });
    const file = await fetch(link.body.data.url);

    // Assess
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const header = file.headers.get('content-disposition');
    expect(header).toMatch(/^attachment; filename="Foomu Awin.pdf"; /);
    expect(fullName(header)).toBe('Fọ́ọ̀mù Àwìn.pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
  });
});

/** A real workbook with one part swapped for a shared-strings part holding `text`, deflated. */
async function workbookWithSharedString(text: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Members').addRow(['staff_id', 'firstname']);
  const zip = await JSZip.loadAsync(Buffer.from(await book.xlsx.writeBuffer()));
  zip.file(
    'xl/sharedStrings.xml',
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="1" uniqueCount="1"><si><t>${text}</t></si></sst>`,
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

/** The zip with one part's uncompressed size rewritten, in its local header and its central directory entry. */
function understated(zip: Buffer, part: string, declared: number): Buffer {
  const out = Buffer.from(zip);
  const name = Buffer.from(part);
  const local = out.indexOf(name) - 30;
  const central = out.lastIndexOf(name) - 46;
  if (out.readUInt32LE(local) !== 0x04034b50 || out.readUInt32LE(central) !== 0x02014b50)
    throw new Error(`Could not find the headers of ${part}`);
  out.writeUInt32LE(declared, local + 22);
  out.writeUInt32LE(declared, central + 24);
  return out;
}

const workbookUploads: [string, string, Record<string, string>, WorkbookCaps][] = [
  ['the member import', '/cooperative/member/import', {}, MEMBER_IMPORT_WORKBOOK],
  ['the savings import', '/savings/import', { type: 'NORMAL_BALANCES' }, SAVINGS_IMPORT_WORKBOOK],
  ['the loan import', '/cooperative/loans/import', {}, LOAN_IMPORT_WORKBOOK],
  [
    'the payroll upload',
    '/cooperative/monthly-deduction/upload',
    { start_date: '2026-03-01', end_date: '2026-03-31', repayment_type: 'Salary' },
    PAYROLL_WORKBOOK,
  ],
];

function uploadWorkbook(path: string, fields: Record<string, string>, content: Buffer) {
  const form = new FormData();
  form.append('cooperative_id', world.ctx.coop);
  for (const [name, value] of Object.entries({ bank_id: world.bank, ...fields })) form.append(name, value);
  form.append('file', new Blob([content]), 'upload.xlsx');
  return call('POST', path, { token: world.ctx.token, form });
}

/** No payroll run of the period the uploads name was started. */
async function expectNoPayrollRun() {
  const runs = await call<{ data: PayrollRunView[] }>('GET', '/cooperative/monthly-deduction/runs', {
    token: world.ctx.token,
    query: inCoop(),
  });
  expect(runs.body.data.data.filter((r) => r.start_date === '2026-03-01')).toEqual([]);
}

describe('decompression bombs', () => {
  let bomb: Buffer;

  beforeAll(async () => {
    // 70 MB of one shared string, about 70 KB zipped (the file: 206 KB holding 200 MB).
    bomb = await workbookWithSharedString('A'.repeat(70 * 1024 * 1024));
  }, 60_000);

  it('refuses a workbook that unpacks to 70 MB on every workbook upload, and starts nothing', async () => {
    expect(bomb.length).toBeLessThan(200 * 1024);
    for (const [what, path, fields, caps] of workbookUploads) {
      const response = await uploadWorkbook(path, fields, bomb);
      expect(response.status, what).toBe(422);
      expect(response.body.errors, what).toEqual({ file: workbookMessages(caps).tooLarge });
    }
    await expectNoPayrollRun();
  });

  it('refuses a workbook whose zip directory understates what it unpacks to, by inflating it', async () => {
    const lying = understated(bomb, 'xl/sharedStrings.xml', 1000);

    const response = await uploadWorkbook('/cooperative/member/import', {}, lying);

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ file: workbookMessages(MEMBER_IMPORT_WORKBOOK).tooLarge });
  });

  it('refuses a workbook compressed more than a spreadsheet can be', async () => {
    const dense = await workbookWithSharedString('A'.repeat(2 * 1024 * 1024));

    const response = await uploadWorkbook('/cooperative/member/import', {}, dense);

    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ file: workbookMessages(MEMBER_IMPORT_WORKBOOK).overCompressed });
  });
});

/** A real workbook whose first sheet's rows are `rows` (sheet XML) and `afterData` follows them (merges). */
async function workbookWithRows(rows: string, afterData = ''): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Members').addRow(['staff_id']);
  const zip = await JSZip.loadAsync(Buffer.from(await book.xlsx.writeBuffer()));
  const sheet = await zip.file('xl/worksheets/sheet1.xml')!.async('string');
  zip.file(
    'xl/worksheets/sheet1.xml',
    sheet.replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${rows}</sheetData>${afterData}`),
  );
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A row of numeric cells in columns 1 to `cells`. */
function numberRow(row: number, cells: number): string {
  let xml = `<row r="${row}">`;
  for (let col = 1; col <= cells; col++) {
    const letters =
      col <= 26
        ? String.fromCharCode(64 + col)
        : String.fromCharCode(64 + Math.floor((col - 1) / 26)) + String.fromCharCode(65 + ((col - 1) % 26));
    xml += `<c r="${letters}${row}"><v>${col}</v></c>`;
  }
  return `${xml}</row>`;
}

describe('workbooks that would hold more than a Lambda can', () => {
  it("refuses a workbook of one cell more than the route's cap in 1,000 rows, far within the byte limits, on every workbook upload", async () => {
    for (const [what, path, fields, caps] of workbookUploads) {
      // The payroll's cap is 321,600 cells: 322 numbers a row, under 8 MB of XML (the old limits took 48 MB a part).
      const perRow = Math.ceil((workbookLimits(caps).cells + 1) / 1000);
      const dense = await workbookWithRows(Array.from({ length: 1000 }, (_, i) => numberRow(i + 1, perRow)).join(''));

      const response = await uploadWorkbook(path, fields, dense);

      expect(response.status, what).toBe(422);
      expect(response.body.errors, what).toEqual({ file: workbookMessages(caps).tooManyCells });
    }
    await expectNoPayrollRun();
  });

  it("refuses a workbook of more rows than the route's cap before reading it, on every workbook upload", async () => {
    const long = await workbookWithRows(Array.from({ length: 25_000 }, (_, i) => numberRow(i + 1, 1)).join(''));

    for (const [what, path, fields, caps] of workbookUploads) {
      const response = await uploadWorkbook(path, fields, long);
      expect(response.status, what).toBe(422);
      expect(response.body.errors, what).toEqual({ file: workbookMessages(caps).tooManyRows });
    }
    await expectNoPayrollRun();
  });

  it('refuses a workbook whose one merged range covers the whole sheet, on every workbook upload', async () => {
    const merged = await workbookWithRows(
      numberRow(1, 1),
      '<mergeCells count="1"><mergeCell ref="A1:XFD1048576"/></mergeCells>',
    );

    for (const [what, path, fields, caps] of workbookUploads) {
      const response = await uploadWorkbook(path, fields, merged);
      expect(response.status, what).toBe(422);
      expect(response.body.errors, what).toEqual({ file: workbookMessages(caps).rangesTooLarge });
    }
  });
});

describe('uploaded images and files', () => {
  const TEMPLATE_MESSAGE = 'The template must be an image (JPEG, PNG, GIF or WebP)';

  function cooperativeForm(code: string, logo: { bytes: Buffer; type: string; name: string }) {
    const form = new FormData();
    for (const [field, value] of Object.entries({
      name: `Logo Test ${code}`,
      code,
      email: `info@${code.toLowerCase()}.example`,
      phone: '+234 803 555 0100',
      address: '1 Marina, Lagos',
    }))
      form.append(field, value);
    form.append('logo', new Blob([logo.bytes], { type: logo.type }), logo.name);
    return form;
  }

  const template = (bytes: Buffer, type: string, name: string) => {
    const form = new FormData();
    form.append('cooperative_id', world.ctx.coop);
    form.append('image_url', new Blob([bytes], { type }), name);
    return call('POST', '/cooperative/templates', { token: world.ctx.token, form });
  };
  const templates = () =>
    call<{ id: string; image_url: string }[]>('GET', '/cooperative/templates', {
      token: world.ctx.token,
      query: inCoop(),
    });

  it('refuses HTML labelled image/png and an SVG with a script as a logo or a birthday template, storing nothing', async () => {
    const before = (await templates()).body.data.length;
    for (const [bytes, type, name] of [
      [HTML, 'image/png', 'logo.png'],
      [SVG, 'image/svg+xml', 'logo.svg'],
    ] as const) {
      const code = `LG${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
      const logo = await call('POST', '/cooperative', {
        token: await superToken(),
        form: cooperativeForm(code, { bytes, type, name }),
      });
      expect(logo.status, name).toBe(422);
      expect(logo.body.errors).toEqual({ logo: LOGO_TYPE_MESSAGE });
      const listed = await call<{ data: unknown[] }>('GET', '/cooperative/all', {
        token: await superToken(),
        query: { query: code },
      });
      expect(listed.body.data.data).toEqual([]);

      const card = await template(bytes, type, name);
      expect(card.status, name).toBe(422);
      expect(card.body.errors).toEqual({ image_url: TEMPLATE_MESSAGE });
    }
    expect((await templates()).body.data).toHaveLength(before);
  });

  it('stores an image as what its bytes are, whatever type it was sent as, and shows it inline as that type', async () => {
    // Act: a PNG sent as a JPEG.
    const code = `LG${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
    const created = await call<{ id: string }>('POST', '/cooperative', {
      token: await superToken(),
      form: cooperativeForm(code, { bytes: PNG, type: 'image/jpeg', name: 'logo.jpg' }),
    });
    const card = await template(PNG, 'image/jpeg', 'card.jpg');

    // Assess
    expect(created.status, created.body.message).toBe(201);
    expect(card.status, card.body.message).toBe(201);
    const coop = await call<{ logo: string }>('GET', '/cooperative', {
      token: await superToken(),
      query: { cooperative_id: created.body.data.id },
    });
    const newest = (await templates()).body.data.at(-1)!;
    for (const url of [coop.body.data.logo, newest.image_url]) {
      expect(new URL(url).pathname).toMatch(/\.png$/);
      const image = await fetch(url);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('content-disposition')).toMatch(/^inline; /);
      expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    }
  });

  it('sends an SVG logo stored before the check as an attachment, never as a page', async () => {
    // Prepare: what an SVG logo upload stored before.
    const key = objectKeys.cooperativeLogo(world.ctx.coop, `legacy${world.ctx.tag}`, 'svg');
    await putObject(key, SVG, 'image/svg+xml');
    await updateCooperative(world.ctx.coop, { logo_key: key });

    // Act
    const coop = await call<{ logo: string }>('GET', '/cooperative', { token: world.ctx.token, query: inCoop() });
    const logo = await fetch(coop.body.data.logo);

    // Assess
    expect(logo.status).toBe(200);
    expect(logo.headers.get('content-disposition')).toMatch(/^attachment; /);
  });

  it("sends a member's PDF registration form as an attachment and their avatar inline", async () => {
    // Prepare
    const member = await memberNamed({});
    const form = new FormData();
    form.append('cooperative_id', world.ctx.coop);
    form.append('coop_id', member.id);
    form.append('avatar', new Blob([PNG], { type: 'image/png' }), 'me.png');
    form.append('reg_form', new Blob([PDF], { type: 'application/pdf' }), 'form.pdf');
    const saved = await call<{ avatar: string; reg_form: string }>(
      'POST',
      '/cooperative/member/details/update-document',
      { token: world.ctx.token, form },
    );
    expect(saved.status, saved.body.message).toBe(200);

    // Act
    const [avatar, regForm] = await Promise.all([fetch(saved.body.data.avatar), fetch(saved.body.data.reg_form)]);

    // Assess
    expect(avatar.headers.get('content-type')).toBe('image/png');
    expect(avatar.headers.get('content-disposition')).toMatch(/^inline; /);
    expect(regForm.headers.get('content-type')).toBe('application/pdf');
    expect(regForm.headers.get('content-disposition')).toMatch(/^attachment; /);
  });
});
