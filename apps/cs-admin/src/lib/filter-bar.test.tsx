import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterBar, type FilterField } from './filter-bar.tsx';

afterEach(cleanup);

interface Values {
  keyword?: string;
  state?: string;
  range?: unknown;
}

const fields: FilterField<Values>[] = [
  { kind: 'text', name: 'keyword', label: 'Keyword', maxLength: 20, width: 200 },
  {
    kind: 'select',
    name: 'state',
    label: 'State',
    width: 160,
    placeholder: 'Any state',
    options: [
      { value: 'on', label: 'Online' },
      { value: 'off', label: 'Offline' },
    ],
  },
  { kind: 'range', name: 'range', label: 'Time' },
];

function renderBar(initialValues: Partial<Values> = {}) {
  const onApply = vi.fn();
  const onReset = vi.fn();
  render(
    <FilterBar<Values>
      label="Game filters"
      fields={fields}
      initialValues={initialValues}
      onApply={onApply}
      onReset={onReset}
      submitText="Search"
      resetText="Reset"
    />,
  );
  return { onApply, onReset };
}

describe('FilterBar', () => {
  it('is a named search form with a labelled control per field', () => {
    renderBar();
    expect(screen.getByRole('search', { name: 'Game filters' })).toBeTruthy();
    expect(screen.getByLabelText('Keyword')).toBeTruthy();
    expect(screen.getByLabelText('State')).toBeTruthy();
    expect(screen.getAllByLabelText('Time').length).toBeGreaterThan(0);
  });

  it('applies the values typed, starting from the URL filters', async () => {
    const { onApply } = renderBar({ state: 'on' });
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: 'dragon' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply.mock.calls[0]![0]).toMatchObject({ keyword: 'dragon', state: 'on' });
  });

  it('reset empties every field and says so', async () => {
    const { onApply, onReset } = renderBar({ keyword: 'dragon', state: 'on' });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onReset).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText('Keyword') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply.mock.calls[0]![0]).toEqual({ keyword: undefined, state: undefined, range: null });
  });
});
