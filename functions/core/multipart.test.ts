import { describe, expect, it } from 'vitest';
import { AppError } from './errors.ts';
import { parseMultipart } from './multipart.ts';

async function encode(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

/** A body written by hand: lines joined by CRLF, as RFC 7578 frames them. */
const crlf = (...lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

describe('parseMultipart', () => {
  it('reads text fields and binary files as the browser encodes them', async () => {
    // Prepare
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0x2d, 0x2d]);
    const form = new FormData();
    form.append('name', 'Demo Staff Cooperative');
    form.append('colors', '{"primary_color":"#4276A4","secondary_color":"#2D5F8B"}');
    form.append('logo', new Blob([bytes], { type: 'image/png' }), 'logo.png');
    const { body, contentType } = await encode(form);

    // Act
    const parsed = await parseMultipart(body, contentType);

    // Assess
    expect(parsed.fields).toEqual({
      name: 'Demo Staff Cooperative',
      colors: '{"primary_color":"#4276A4","secondary_color":"#2D5F8B"}',
    });
    expect(parsed.files.logo?.fileName).toBe('logo.png');
    expect(parsed.files.logo?.contentType).toBe('image/png');
    expect(Buffer.compare(parsed.files.logo.content, bytes)).toBe(0);
  });

  it('ignores an empty file input', async () => {
    const form = new FormData();
    form.append('logo', new Blob([]), '');
    const { body, contentType } = await encode(form);
    expect((await parseMultipart(body, contentType)).files).toEqual({});
  });

  it('refuses a body without a boundary', async () => {
    await expect(parseMultipart(Buffer.from('x'), 'multipart/form-data')).rejects.toThrow('no boundary');
  });

  it('refuses a body cut off before its closing delimiter with 400', async () => {
    const body = crlf('--cut', 'Content-Disposition: form-data; name="a"', '', 'half');
    const refusal = parseMultipart(body, 'multipart/form-data; boundary=cut');
    await expect(refusal).rejects.toThrow('The form data is malformed');
    await expect(refusal).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses a body cut off inside a file with 400, leaving no unhandled rejection behind', async () => {
    const body = crlf(
      '--cut',
      'Content-Disposition: form-data; name="file"; filename="form.pdf"',
      'Content-Type: application/pdf',
      '',
      '%PDF-1.4 half',
    );
    await expect(parseMultipart(body, 'multipart/form-data; boundary=cut')).rejects.toMatchObject({
      statusCode: 400,
      message: 'The form data is malformed',
    });
  });

  it('reads a quoted boundary that holds a space', async () => {
    const body = crlf('--a b', 'Content-Disposition: form-data; name="type"', '', 'regular', '--a b--', '');
    expect((await parseMultipart(body, 'multipart/form-data; boundary="a b"')).fields).toEqual({ type: 'regular' });
  });

  it('reads a part header folded over two lines', async () => {
    const body = crlf('--fold', 'Content-Disposition: form-data;', '\tname="bank_id"', '', '3', '--fold--', '');
    expect((await parseMultipart(body, 'multipart/form-data; boundary=fold')).fields).toEqual({ bank_id: '3' });
  });

  it('decodes an RFC 5987 filename* and prefers it to filename', async () => {
    // %C3%AF is ï in UTF-8 and %20 a space: "naïra report.pdf".
    const body = crlf(
      '--x',
      `Content-Disposition: form-data; name="file"; filename="naira.pdf"; filename*=UTF-8''na%C3%AFra%20report.pdf`,
      'Content-Type: application/pdf',
      '',
      '%PDF-1.4',
      '--x--',
      '',
    );
    const { files } = await parseMultipart(body, 'multipart/form-data; boundary=x');
    expect(files.file).toMatchObject({
      fieldName: 'file',
      fileName: 'naïra report.pdf',
      contentType: 'application/pdf',
    });
    expect(files.file.content.toString()).toBe('%PDF-1.4');
  });

  it('reads a file name the browser sends as UTF-8 bytes, path and all', async () => {
    const body = crlf(
      '--x',
      'Content-Disposition: form-data; name="file"; filename="C:\\scans\\Adébáyọ̀.pdf"',
      '',
      'x',
      '--x--',
      '',
    );
    expect((await parseMultipart(body, 'multipart/form-data; boundary=x')).files.file.fileName).toBe(
      'C:\\scans\\Adébáyọ̀.pdf',
    );
  });

  it('keeps a text field longer than 1 MB whole', async () => {
    const form = new FormData();
    form.append('note', 'n'.repeat(1_500_000));
    const { body, contentType } = await encode(form);
    expect((await parseMultipart(body, contentType)).fields.note).toHaveLength(1_500_000);
  });

  it('takes as many fields and files as allowed and refuses one more with 422', async () => {
    const form = new FormData();
    form.append('a', '1');
    form.append('b', new Blob(['x']), 'b.txt');
    const allowed = await encode(form);
    expect(Object.keys((await parseMultipart(allowed.body, allowed.contentType, 2)).fields)).toEqual(['a']);

    form.append('c', '3');
    const over = await encode(form);
    const refusal = parseMultipart(over.body, over.contentType, 2);
    await expect(refusal).rejects.toThrow('A form may carry at most 2 fields and files');
    await expect(refusal).rejects.toBeInstanceOf(AppError);
    await expect(refusal).rejects.toMatchObject({ statusCode: 422 });
  });
});
