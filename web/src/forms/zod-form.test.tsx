import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ResolverOptions } from 'react-hook-form';
import { z } from 'zod';
import { ApiError } from '../api/api-error';
import { applyFieldErrors } from '../components/forms/apply-field-errors';
import { keepValuesResolver, useZodForm } from './zod-form';

afterEach(cleanup);

const nameSchema = z.object({
  name: z.string().trim().min(1, 'Please enter a name'),
  amount: z.string().transform(Number),
});

let serverError: unknown = null;
let submitted: unknown = null;

/** A form as the screens write one: fields registered, the server's refusal mapped onto them. */
function NameForm() {
  const { register, handleSubmit, setError, formState } = useZodForm(nameSchema, {
    defaultValues: { name: '', amount: '' },
  });
  const submit = handleSubmit((values) => {
    submitted = values;
    applyFieldErrors(serverError, setError, ['name', 'amount']);
  });
  return (
    <form aria-label="Name" onSubmit={(event) => void submit(event)}>
      <input aria-label="Name" {...register('name')} />
      <span role="alert">{formState.errors.name?.message}</span>
      <input aria-label="Amount" {...register('amount')} />
      <span role="status">{formState.errors.amount?.message}</span>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useZodForm', () => {
  it("shows a field's message when the field loses focus, and clears it as the field is corrected", async () => {
    render(<NameForm />);
    const name = screen.getByLabelText('Name', { selector: 'input' });
    await act(async () => {
      fireEvent.focus(name);
      fireEvent.blur(name);
    });
    expect(screen.getByRole('alert').textContent).toBe('Please enter a name');
    await act(async () => {
      fireEvent.change(name, { target: { value: 'Ada' } });
    });
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('says nothing while a field is first typed in, before it loses focus', async () => {
    render(<NameForm />);
    const name = screen.getByLabelText('Name', { selector: 'input' });
    await act(async () => {
      fireEvent.change(name, { target: { value: 'x' } });
      fireEvent.change(name, { target: { value: '' } });
    });
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('clears the message as the field is corrected once the form has been sent', async () => {
    render(<NameForm />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Please enter a name');
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Name', { selector: 'input' }), { target: { value: 'Ada' } });
    });
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it("hands the schema's output to the submit handler and puts the server's field messages under their fields", async () => {
    serverError = new ApiError('The given data was invalid', 422, undefined, {
      amount: 'The amount is above the limit',
      unknown_field: 'ignored',
    });
    render(<NameForm />);
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Name', { selector: 'input' }), { target: { value: 'Ada' } });
      fireEvent.change(screen.getByLabelText('Amount', { selector: 'input' }), { target: { value: '12' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    });
    expect(submitted).toEqual({ name: 'Ada', amount: 12 });
    expect(screen.getByRole('status').textContent).toBe('The amount is above the limit');
    expect(screen.getByRole('alert').textContent).toBe('');
    serverError = null;
  });
});

describe('keepValuesResolver', () => {
  const lines = z.object({
    lines: z
      .array(z.object({ gl_code: z.string().min(1, 'Please select a GL account'), debit: z.coerce.number() }))
      .min(2, 'An entry needs at least two lines'),
  });
  type Lines = { lines: { gl_code: string; debit: string }[] };
  // react-hook-form names the mounted fields of the list; a message for the list itself is its root.
  const options = {
    fields: {},
    names: ['lines.0.gl_code', 'lines.0.debit'],
    shouldUseNativeValidation: false,
  } as ResolverOptions<Lines>;

  it('keeps the values as typed when they pass (text stays text)', async () => {
    const values = {
      lines: [
        { gl_code: '1010', debit: '5.50' },
        { gl_code: '2010', debit: '0' },
      ],
    };
    const result = await keepValuesResolver<Lines>(lines)(values, undefined, options);
    expect(result).toEqual({ values, errors: {} });
  });

  it("nests a line's message under the line and the list's message under the list", async () => {
    const line = await keepValuesResolver<Lines>(lines)(
      {
        lines: [
          { gl_code: '', debit: '1' },
          { gl_code: '2010', debit: '1' },
        ],
      },
      undefined,
      options,
    );
    expect(line.errors.lines?.[0]?.gl_code?.message).toBe('Please select a GL account');
    expect(line.errors.lines?.[1]).toBeUndefined();
    const list = await keepValuesResolver<Lines>(lines)(
      { lines: [{ gl_code: '1010', debit: '1' }] },
      undefined,
      options,
    );
    expect(list.errors.lines?.root?.message).toBe('An entry needs at least two lines');
  });

  it('treats a blank text field as not given when asked, and checks with the schema the values choose', async () => {
    const optionalChoice = z.object({ kind: z.enum(['A', 'B']).optional(), rate: z.coerce.number() });
    const bounded = (max: number) => optionalChoice.extend({ rate: z.coerce.number().max(max, `At most ${max}%`) });
    const resolve = keepValuesResolver<{ kind: string; rate: string }>(
      (values) => bounded(values.kind === 'A' ? 3 : 5),
      { blankIsMissing: true },
    );
    const opts = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<{ kind: string; rate: string }>;
    expect((await resolve({ kind: '', rate: '4' }, undefined, opts)).errors).toEqual({});
    expect((await resolve({ kind: 'A', rate: '4' }, undefined, opts)).errors.rate?.message).toBe('At most 3%');
  });
});
