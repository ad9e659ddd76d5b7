import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import createWrapper from '@cloudscape-design/components/test-utils/dom';
import { StorePeriodForm } from './store-period';

afterEach(cleanup);

/** The form with a period in its boxes: its Search button and what Search calls. */
function form(start_date: string, end_date: string) {
  const onSearch = vi.fn();
  const { container } = render(
    <StorePeriodForm value={{ start_date, end_date }} onChange={() => {}} onSearch={onSearch} searching={false} />,
  );
  const search = createWrapper(container)
    .findAllButtons()
    .find((button) => button.getElement().textContent === 'Search');
  if (!search) throw new Error('No Search button');
  return { search, onSearch };
}

describe('the store period form', () => {
  it('searches a period the API reads', () => {
    const { search, onSearch } = form('2026-03-01', '2026-04-30');
    expect(screen.queryByTestId('period-issue')).toBeNull();
    search.click();
    expect(onSearch).toHaveBeenCalledTimes(1);
  });

  it('says why a period longer than 366 days or reversed cannot be read, and does not search it', () => {
    const long = form('2025-01-01', '2026-01-02');
    expect(screen.getByTestId('period-issue').textContent).toBe('Choose a period of at most 366 days');
    expect(long.search.getElement()).toHaveProperty('disabled', true);
    long.search.click();
    expect(long.onSearch).not.toHaveBeenCalled();
    cleanup();
    form('2026-04-30', '2026-03-01');
    expect(screen.getByTestId('period-issue').textContent).toBe('The end date must not be before the start date');
  });
});
