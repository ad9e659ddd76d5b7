import { describe, expect, it } from 'vitest';
import { NOT_PDF_MESSAGE, NO_FILE_MESSAGE, loanFormProblem } from '../../api/loan-forms';

const file = (name: string, type: string) => new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d])], name, { type });

describe('loanFormProblem', () => {
  it("asks for a file when none is chosen, with the spec's message", () => {
    expect(loanFormProblem(undefined)).toBe(NO_FILE_MESSAGE);
    expect(NO_FILE_MESSAGE).toBe('Please select a file to import');
  });

  it('takes a PDF by name and type, whatever the case of the extension', () => {
    expect(loanFormProblem(file('form.pdf', 'application/pdf'))).toBeNull();
    expect(loanFormProblem(file('FORM.PDF', ''))).toBeNull();
  });

  it('refuses another kind of file, also one that only claims to be a PDF by one of name or type', () => {
    expect(loanFormProblem(file('photo.png', 'image/png'))).toBe(NOT_PDF_MESSAGE);
    expect(loanFormProblem(file('photo.pdf', 'image/png'))).toBe(NOT_PDF_MESSAGE);
    expect(loanFormProblem(file('form.docx', 'application/pdf'))).toBe(NOT_PDF_MESSAGE);
  });
});
