import { beforeAll, describe, expect, it } from 'vitest';
import { loanFormText } from '../../functions/loanforms/pdf-text.ts';
import { apiUrl, call } from './support/api.ts';
import type { LoanRow, LoanWorld, Member, Paged } from './support/loans.ts';
import {
  applied,
  application,
  approveLoan,
  loanProduct,
  loanWorld,
  members,
  suretiesApprove,
} from './support/loans.ts';

interface FormRow {
  id: string;
  member_id: string;
  member: { id: string; name: string };
  file_name: string;
  size: number;
  created_at: string;
}

/** A small but well-formed PDF: header, one empty page, trailer. */
function pdfBytes(label: string): Buffer {
  return Buffer.from(
    `%PDF-1.4\n% ${label}\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n` +
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    'latin1',
  );
}
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);

let world: LoanWorld;
let ada: Member;
let bola: Member;
let chidi: Member;

beforeAll(async () => {
  world = await loanWorld('LF');
  [ada, bola, chidi] = await members(world, 3);
});

function upload(token: string, file?: { content: Buffer; name: string; type?: string }, coopId?: string) {
  const form = new FormData();
  form.append('cooperative_id', world.ctx.coop);
  if (coopId) form.append('coop_id', coopId);
  if (file) form.append('file', new Blob([file.content], { type: file.type ?? 'application/pdf' }), file.name);
  return call<FormRow>('POST', '/cooperative/loans/form/upload-loan-form', { token, form });
}

async function uploaded(token: string, name: string, coopId?: string): Promise<FormRow & { content: Buffer }> {
  const content = pdfBytes(name);
  const r = await upload(token, { content, name }, coopId);
  if (r.status !== 201) throw new Error(`Could not upload: ${r.status} ${r.body.message}`);
  return { ...r.body.data, content };
}

const archive = (query: Record<string, string | number> = {}, token = world.ctx.token) =>
  call<Paged<FormRow>>('GET', '/cooperative/loans/form', {
    token,
    query: { cooperative_id: world.ctx.coop, ...query },
  });
const memberList = (token: string, coopId?: string) =>
  call<Paged<FormRow>>('GET', '/cooperative/loans/form/member', {
    token,
    query: { cooperative_id: world.ctx.coop, coop_id: coopId },
  });
const link = (formId: string | undefined, token = world.ctx.token) =>
  call<{ url: string; file_name: string }>('GET', '/cooperative/loans/download-uploaded-form', {
    token,
    query: { cooperative_id: world.ctx.coop, form_id: formId },
  });

describe('upload a loan form', () => {
  it("stores a member's PDF, lists it for them and in the archive with the member, newest first", async () => {
    // Act
    const first = await uploaded(ada.token, 'older form.pdf');
    const second = await uploaded(ada.token, 'my loan form.pdf');

    // Assess
    expect(second).toMatchObject({
      member_id: ada.id,
      member: { id: ada.id },
      file_name: 'my loan form.pdf',
      size: second.content.length,
    });
    expect(second.member.name).toMatch(/^Ada Obi/);
    const own = await memberList(ada.token);
    expect(own.status).toBe(200);
    expect(own.body.data.data.map((f) => f.id)).toEqual([second.id, first.id]);
    const all = await archive({ query: ada.id });
    expect(all.body.data.data.map((f) => [f.id, f.member.id, f.file_name])).toEqual([
      [second.id, ada.id, 'my loan form.pdf'],
      [first.id, ada.id, 'older form.pdf'],
    ]);
    expect(all.body.data.meta).toMatchObject({ total: 2, current_page: 1 });
  });

  it('lets staff upload for the member they name, and asks staff without a member record to name one', async () => {
    const form = await uploaded(world.ctx.token, 'signed at the office.pdf', bola.id);
    expect(form.member_id).toBe(bola.id);
    expect((await memberList(world.ctx.token, bola.id)).body.data.data.map((f) => f.id)).toContain(form.id);

    const unnamed = await upload(world.ctx.token, { content: pdfBytes('x'), name: 'x.pdf' });
    expect(unnamed.status).toBe(422);
    expect(unnamed.body.errors).toEqual({ coop_id: 'Please select a member' });
    expect((await upload(world.ctx.token, { content: pdfBytes('x'), name: 'x.pdf' }, 'NOSUCH0001')).status).toBe(404);
  });

  it('refuses no file, a PNG renamed .pdf and a PDF over 5 MB, storing nothing', async () => {
    const before = (await memberList(chidi.token)).body.data.meta.total;

    const none = await upload(chidi.token);
    const png = await upload(chidi.token, { content: PNG, name: 'scan.pdf' });
    const big = await upload(chidi.token, {
      content: Buffer.concat([pdfBytes('big'), Buffer.alloc(5 * 1024 * 1024)]),
      name: 'big.pdf',
    });

    expect([none.status, png.status, big.status]).toEqual([422, 422, 422]);
    expect(none.body).toMatchObject({
      status: false,
      message: 'Please select a file to import',
      errors: { file: 'Please select a file to import' },
    });
    expect(png.body.message).toBe('Upload the loan form as one PDF file');
    expect(big.body.message).toBe('The loan form must be at most 5 MB');
    expect((await memberList(chidi.token)).body.data.meta.total).toBe(before);
  });
});

describe('who reaches which form', () => {
  it("keeps a member to their own forms: no upload for, list of, or link to another member's", async () => {
    const adaForm = await uploaded(ada.token, 'ada.pdf');

    const forOther = await upload(chidi.token, { content: pdfBytes('c'), name: 'c.pdf' }, ada.id);
    const otherList = await memberList(chidi.token, ada.id);
    const otherLink = await link(adaForm.id, chidi.token);

    expect([forOther.status, otherList.status, otherLink.status]).toEqual([403, 403, 403]);
    expect(otherLink.body.data).toBeNull();
    expect((await archive({}, chidi.token)).status).toBe(403);
    expect((await memberList(ada.token, ada.id)).status).toBe(200);
  });

  it('asks for the form, and answers 404 for an unknown one', async () => {
    const missing = await link(undefined);
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ form_id: 'Please select a loan form' });
    expect((await link('01NOSUCHFORM0000000000000')).status).toBe(404);
  });
});

describe('download an uploaded form', () => {
  it('gives a short-lived link that fetches the very bytes uploaded, to the member and to staff', async () => {
    const form = await uploaded(ada.token, 'fetch me.pdf');

    for (const token of [ada.token, world.ctx.token]) {
      const r = await link(form.id, token);
      expect(r.status).toBe(200);
      expect(r.body.data.file_name).toBe('fetch me.pdf');
      const url = new URL(r.body.data.url);
      expect(Number(url.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
      const got = await fetch(url);
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(form.content)).toBe(true);
    }
  });
});

describe('download the loan form of a loan', () => {
  let loan: LoanRow;

  beforeAll(async () => {
    const product = await loanProduct(world, `Car Loan ${world.ctx.tag}`);
    loan = await applied(
      world,
      application(world, product, ada.id, bola.id, chidi.id, {
        calculation_method_id: 2,
        tenure: 12,
        interest_rate: 12,
      }),
    );
    await suretiesApprove(world, loan, { [bola.id]: bola.token, [chidi.id]: chidi.token });
    const approved = await approveLoan(world, loan.id);
    if (approved.status !== 200) throw new Error(`Could not approve: ${approved.status} ${approved.body.message}`);
    loan = approved.body.data;
  });

  const download = (loanId: string | undefined, token = world.ctx.token) =>
    fetch(
      `${apiUrl()}/api/v1/cooperative/loans/download-loan-form?cooperative_id=${world.ctx.coop}${loanId ? `&loan_id=${loanId}` : ''}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );

  it("is a PDF named after the member and the product, with the loan, its schedule and the sureties' answers", async () => {
    // Act
    const response = await download(loan.id);
    const pdf = Buffer.from(await response.arrayBuffer());

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${loan.member.name} ${loan.product.name}-form.pdf"`,
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = loanFormText(pdf);
    const schedule = await call<{ payment_month: string; payment: number }[]>(
      'GET',
      '/cooperative/loans/loan-schedule',
      {
        token: world.ctx.token,
        query: { cooperative_id: world.ctx.coop, loan_id: loan.id },
      },
    );
    expect(schedule.body.data).toHaveLength(12);
    expect(text).toEqual(
      expect.arrayContaining([
        loan.member.name,
        ada.id,
        loan.product.name,
        'Approved (Running)',
        'NGN 120,000.00',
        '12% per annum',
        '12 Month(s)',
        'Reducing Balance (Equal Installments)',
        'Installments',
        '12',
      ]),
    );
    for (const surety of loan.sureties) expect(text).toContain(surety.member.name);
    expect(text.filter((t) => t === 'Approved').length).toBeGreaterThanOrEqual(2); // both sureties' answers
    const [first] = schedule.body.data;
    expect(text).toContain(`NGN ${first.payment.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
  });

  it('is for the member, their sureties and staff; not for another member', async () => {
    const [dayo] = await members(world, 1);
    expect((await download(loan.id, ada.token)).status).toBe(200);
    expect((await download(loan.id, bola.token)).status).toBe(200);
    const other = await download(loan.id, dayo.token);
    expect(other.status).toBe(403);
    expect(other.headers.get('content-type')).toContain('application/json');
  });

  it('asks for the loan, and answers 404 for an unknown one', async () => {
    const missing = await download(undefined);
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as { errors: Record<string, string> }).errors).toEqual({
      loan_id: 'Please select a loan',
    });
    expect((await download('01NOSUCHLOAN0000000000000')).status).toBe(404);
  });
});
