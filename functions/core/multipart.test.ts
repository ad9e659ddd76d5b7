import { describe, expect, it } from 'vitest';
import { parseMultipart } from './multipart.ts';

async function encode(form: FormData): Promise<{ body: Buffer; contentType: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

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
    const parsed = parseMultipart(body, contentType);

    // Assess
    expect(parsed.fields).toEqual({ name: 'Demo Staff Cooperative', colors: '{"primary_color":"#4276A4","secondary_color":"#2D5F8B"}' });
    expect(parsed.files.logo?.fileName).toBe('logo.png');
    expect(parsed.files.logo?.contentType).toBe('image/png');
    expect(Buffer.compare(parsed.files.logo.content, bytes)).toBe(0);
  });

  it('ignores an empty file input', async () => {
    const form = new FormData();
    form.append('logo', new Blob([]), '');
    const { body, contentType } = await encode(form);
    expect(parseMultipart(body, contentType).files).toEqual({});
  });

  it('refuses a body without a boundary', () => {
    expect(() => parseMultipart(Buffer.from('x'), 'multipart/form-data')).toThrow('no boundary');
  });
});
