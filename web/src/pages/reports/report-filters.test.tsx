import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { ReportFilters } from './report-period';

afterEach(cleanup);

function show(initial = { start_date: '2026-01-01', end_date: '2026-03-31' }) {
  const onSearch = vi.fn();
  const onDownload = vi.fn();
  const { container } = render(
    <ReportFilters
      initial={initial}
      onSearch={onSearch}
      onDownload={onDownload}
      searching={false}
      downloading={false}
    />,
  );
  const page = createWrapper(container);
  const button = (name: string) => page.findAllButtons().find((b) => b.getElement().textContent === name)!;
  const [from, to] = page.findAllDatePickers();
  return { page, onSearch, onDownload, button, from, to };
}

describe('report period filters', () => {
  it('searches with the dates in the boxes', async () => {
    const { onSearch, button, to } = show();
    await act(async () => to.setInputValue('2026/02/28'));
    await act(async () => button('Search').click());
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(onSearch.mock.calls[0]?.[0]).toEqual({ start_date: '2026-01-01', end_date: '2026-02-28' });
  });

  it('refuses an end before the start under To and never searches or downloads it', async () => {
    const { page, onSearch, onDownload, button, to } = show();
    await act(async () => to.focus());
    await act(async () => to.setInputValue('2025/12/31'));
    await act(async () => to.blur());
    expect(page.getElement().textContent).toContain('The end date must not be before the start date');
    expect(button('Search').isDisabled()).toBe(true);
    expect(button('Download').isDisabled()).toBe(true);
    await act(async () => button('Search').click());
    expect(onSearch).not.toHaveBeenCalled();
    expect(onDownload).not.toHaveBeenCalled();
  });

  it('refuses the end at once when a later start is typed after it', async () => {
    const { page, button, from, to } = show();
    await act(async () => to.focus());
    await act(async () => to.blur());
    await act(async () => from.setInputValue('2026/06/01'));
    expect(page.getElement().textContent).toContain('The end date must not be before the start date');
    expect(button('Search').isDisabled()).toBe(true);
  });
});
