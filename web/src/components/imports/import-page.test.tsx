import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import type { UseQueryResult } from '@tanstack/react-query';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import type { ImportStatusView } from '@coopledger/shared/import-views';
import type { ImportPageProps } from './import-page';
import { ImportPage, ImportProgressPanel } from './import-page';

afterEach(cleanup);

const noStatus = () => ({ data: undefined }) as UseQueryResult<ImportStatusView>;

function page(overrides: Partial<ImportPageProps<ImportStatusView>> = {}) {
  const props: ImportPageProps<ImportStatusView> = {
    variant: 'section',
    title: 'Import Things',
    sample: { label: 'Download sample', onClick: vi.fn() },
    note: <p>Important note</p>,
    file: { label: 'File (.xlsx)', csv: false, wrongType: 'Please select an .xlsx file' },
    submit: { label: 'Import' },
    messages: 'inline',
    start: vi.fn(),
    starting: false,
    useStatus: noStatus,
    completeText: () => 'Import complete',
    downloadReport: vi.fn(),
    ...overrides,
  };
  const { container } = render(<ImportPage {...props} />);
  const wrapper = createWrapper(container);
  const button = (name: string) => wrapper.findAllButtons().find((b) => b.getElement().textContent === name);
  const fieldError = () => wrapper.findFormField()?.findError()?.getElement().textContent;
  return { props, wrapper, button, fieldError };
}

const click = (element: { click: () => void } | undefined) => act(async () => element?.click());

const errors = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ row: i + 2, column: 'member', message: `Bad member ${i + 2}` }));

describe('the import page', () => {
  it('says a missing choice before asking for the file, and starts nothing', async () => {
    const { props, button, fieldError } = page({ missing: () => 'Please select a savings type' });
    await click(button('Import'));
    expect(fieldError()).toBe('Please select a savings type');
    expect(props.start).not.toHaveBeenCalled();
  });

  it('asks for a file when none is chosen, and starts nothing', async () => {
    const { props, button, fieldError } = page();
    await click(button('Import'));
    expect(fieldError()).toBe('Please select a file to import');
    expect(props.start).not.toHaveBeenCalled();
  });
});

describe('the import progress panel', () => {
  const base: ImportStatusView = {
    import_id: 'I1',
    file_name: 'members.xlsx',
    status: 'VALIDATING',
    done: true,
    rows_total: 7,
    rows_validated: 7,
    rows_written: 0,
    error_count: 0,
    errors: [],
    report_available: false,
    created_at: '2026-11-26T09:00:00.000Z',
    updated_at: '2026-11-26T09:00:05.000Z',
  };

  it('shows a refused import with its first five errors, how many more there are, and its report', async () => {
    const downloadReport = vi.fn(() => Promise.resolve());
    const progress: ImportStatusView = {
      ...base,
      status: 'INVALID',
      errors: errors(7),
      error_count: 7,
      report_available: true,
    };
    const { container } = render(
      <ImportProgressPanel progress={progress} completeText={() => 'done'} downloadReport={downloadReport} />,
    );
    const items = [...container.querySelectorAll('ul[aria-label="Import errors"] li')].map((li) => li.textContent);
    expect(items).toEqual([
      'Row 2, member: Bad member 2',
      'Row 3, member: Bad member 3',
      'Row 4, member: Bad member 4',
      'Row 5, member: Bad member 5',
      'Row 6, member: Bad member 6',
    ]);
    expect(container.textContent).toContain('and 2 more in the error report');
    expect(container.textContent).toContain('The import was refused (invalid); download the error report to see why');
    const report = createWrapper(container)
      .findAllButtons()
      .find((b) => b.getElement().textContent === 'Download error report');
    await click(report);
    expect(downloadReport).toHaveBeenCalledWith('I1');
  });

  it("shows a completed import's result and its figures, and no error list", () => {
    const progress: ImportStatusView = { ...base, status: 'COMPLETED', rows_written: 7 };
    const { container } = render(
      <ImportProgressPanel
        progress={progress}
        completeText={(p) => `Import complete: ${p.rows_written} written`}
        summary={() => <p>Figures</p>}
        downloadReport={vi.fn()}
      />,
    );
    expect(container.textContent).toContain('Import complete: 7 written');
    expect(container.textContent).toContain('Figures');
    expect(container.querySelector('ul[aria-label="Import errors"]')).toBeNull();
  });
});
