import { describe, expect, it } from 'vitest';
import { contentDisposition } from './file-names.ts';

describe('content-disposition of a file', () => {
  it('gives a Yoruba name an ASCII filename without its accents and the UTF-8 name in filename*', () => {
    // 'ú' is C3 BA, 'á' C3 A1, 'ọ' E1 BB 8D in UTF-8.
    expect(contentDisposition('Fúnmiláyọ Car Loan-form.pdf')).toBe(
      `attachment; filename="Funmilayo Car Loan-form.pdf"; filename*=UTF-8''F%C3%BAnmil%C3%A1y%E1%BB%8D%20Car%20Loan-form.pdf`,
    );
  });

  it('gives an Arabic or emoji name a placeholder in the ASCII filename', () => {
    // 'نور' is D9 86, D9 88, D8 B1; '🌍' is F0 9F 8C 8D.
    expect(contentDisposition('members-report-نور.xlsx')).toBe(
      `attachment; filename=members-report-_.xlsx; filename*=UTF-8''members-report-%D9%86%D9%88%D8%B1.xlsx`,
    );
    expect(contentDisposition('members-report-Coop 🌍.xlsx')).toBe(
      `attachment; filename="members-report-Coop _.xlsx"; filename*=UTF-8''members-report-Coop%20%F0%9F%8C%8D.xlsx`,
    );
  });

  it('sends a plain ASCII name as it is, inline when asked', () => {
    expect(contentDisposition('sample-member-import.xlsx')).toBe('attachment; filename=sample-member-import.xlsx');
    expect(contentDisposition('logo.png', 'inline')).toBe('inline; filename=logo.png');
  });

  it('never lets quotes, percent signs, control characters or a lone surrogate into the header', () => {
    expect(contentDisposition('a"b.pdf')).toBe(`attachment; filename=a_b.pdf; filename*=UTF-8''a%22b.pdf`);
    expect(contentDisposition('100%41.pdf')).toBe(`attachment; filename=100_41.pdf; filename*=UTF-8''100%2541.pdf`);
    expect(contentDisposition('line\r\nbreak\u0000.pdf')).toBe('attachment; filename="line break .pdf"');
    expect(contentDisposition('\uD800\uFFFE')).toBe('attachment; filename=download');
  });
});
