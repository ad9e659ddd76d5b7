import { describe, expect, it } from 'vitest';
import { call } from './support/api.ts';
import { newContext } from './support/crud-suite.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function form(coop: string, file?: { bytes: Buffer; type: string; name: string }) {
  const data = new FormData();
  data.append('cooperative_id', coop);
  if (file) data.append('image_url', new Blob([file.bytes], { type: file.type }), file.name);
  return data;
}

interface Template {
  id: string;
  name: string;
  image_url: string;
}

describe('birthday templates', () => {
  it('starts empty, uploads images labelled Template 01, 02 and deletes them', async () => {
    const ctx = await newContext('cooperative');
    const empty = await call<Template[]>('GET', '/cooperative/templates', {
      token: ctx.token,
      query: { cooperative_id: ctx.coop },
    });
    expect(empty.body).toMatchObject({ status: true, message: 'No templates yet', data: [] });

    const first = await call<Template[]>('POST', '/cooperative/templates', {
      token: ctx.token,
      form: form(ctx.coop!, { bytes: PNG, type: 'image/png', name: 'a.png' }),
    });
    expect(first.status, first.body.message).toBe(201);
    expect(first.body.message).toBe('Template uploaded successfully');
    await call('POST', '/cooperative/templates', {
      token: ctx.token,
      form: form(ctx.coop!, { bytes: PNG, type: 'image/png', name: 'b.png' }),
    });

    const listed = await call<Template[]>('GET', '/cooperative/templates', {
      token: ctx.token,
      query: { cooperative_id: ctx.coop },
    });
    expect(listed.body.data.map((t) => t.name)).toEqual(['Template 01', 'Template 02']);
    const image = await fetch(listed.body.data[0].image_url);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    const removed = await call('DELETE', '/cooperative/templates', {
      token: ctx.token,
      query: { cooperative_id: ctx.coop, template_id: listed.body.data[0].id },
    });
    expect(removed.status).toBe(200);
    const after = await call<Template[]>('GET', '/cooperative/templates', {
      token: ctx.token,
      query: { cooperative_id: ctx.coop },
    });
    expect(after.body.data.map((t) => t.name)).toEqual(['Template 01']);
    expect(after.body.data[0].id).toBe(listed.body.data[1].id);
  });

  it("says 'Please select file' without a file and refuses what is not an image", async () => {
    const ctx = await newContext('cooperative');
    const none = await call('POST', '/cooperative/templates', { token: ctx.token, form: form(ctx.coop!) });
    expect(none.status).toBe(422);
    expect(none.body).toMatchObject({ message: 'Please select file', errors: { image_url: 'Please select file' } });
    const pdf = await call('POST', '/cooperative/templates', {
      token: ctx.token,
      form: form(ctx.coop!, { bytes: Buffer.from('%PDF-1.4'), type: 'application/pdf', name: 'x.pdf' }),
    });
    expect(pdf.status).toBe(422);
    expect(pdf.body.errors).toEqual({ image_url: 'The template must be an image (JPEG, PNG, GIF or WebP)' });
    const big = await call('POST', '/cooperative/templates', {
      token: ctx.token,
      form: form(ctx.coop!, { bytes: Buffer.alloc(2 * 1024 * 1024 + 1), type: 'image/png', name: 'big.png' }),
    });
    expect(big.body.errors).toEqual({ image_url: 'The template must be at most 2 MB' });
  });

  it("keeps another cooperative's templates invisible", async () => {
    const a = await newContext('cooperative');
    const b = await newContext('cooperative');
    const made = await call<Template[]>('POST', '/cooperative/templates', {
      token: a.token,
      form: form(a.coop!, { bytes: PNG, type: 'image/png', name: 'a.png' }),
    });
    const other = await call<Template[]>('GET', '/cooperative/templates', {
      token: b.token,
      query: { cooperative_id: b.coop },
    });
    expect(other.body.data).toEqual([]);
    const removed = await call('DELETE', '/cooperative/templates', {
      token: b.token,
      query: { cooperative_id: b.coop, template_id: made.body.data[0].id },
    });
    expect(removed.status).toBe(404);
  });
});
