import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { defineCall } from '@gp/contracts';
import type { auditPage } from '@gp/contracts/staff';
import type { payAdminOrderPageCall } from '@gp/contracts/pay-admin';
import { FilterBar, type FilterField, type FilterName, type FilterValues } from './filter-bar.tsx';

afterEach(cleanup);

/** A list's page call as the bar sees it: its request fields are the filters it may have. */
const gamePage = defineCall({
  group: 'csmng',
  method: 'GET',
  path: '/games/page',
  auth: 'staff',
  request: z.object({
    keyword: z.string().trim().max(20).optional(),
    state: z.enum(['on', 'off']).optional(),
    start_time: z.iso.datetime({ offset: true }).optional(),
    end_time: z.iso.datetime({ offset: true }).optional(),
    page_num: z.coerce.number().int().min(1).default(1),
  }),
  response: z.object({}),
});

const fields: FilterField<typeof gamePage>[] = [
  { kind: 'text', name: 'keyword', label: 'Keyword', maxLength: 20, size: 'wide' },
  {
    kind: 'select',
    name: 'state',
    label: 'State',
    placeholder: 'Any state',
    options: [
      { value: 'on', label: 'Online' },
      { value: 'off', label: 'Offline' },
    ],
  },
  { kind: 'range', name: 'start_time', end: 'end_time', label: 'Time' },
];

function renderBar(initialValues: FilterValues<typeof gamePage> = {}) {
  const onApply = vi.fn<(values: FilterValues<typeof gamePage>) => void>();
  render(
    <FilterBar<typeof gamePage>
      label="Game filters"
      fields={fields}
      initialValues={initialValues}
      onApply={onApply}
      submitText="Search"
      resetText="Reset"
    />,
  );
  return { onApply };
}

describe('FilterBar', () => {
  it('is a named search form with a labelled control per field', () => {
    renderBar();
    expect(screen.getByRole('search', { name: 'Game filters' })).toBeTruthy();
    expect(screen.getByLabelText('Keyword')).toBeTruthy();
    expect(screen.getByLabelText('State')).toBeTruthy();
    expect(screen.getAllByLabelText('Time').length).toBeGreaterThan(0);
  });

  it("applies the values typed, trimmed and named as the call takes them, starting from the URL's", async () => {
    const { onApply } = renderBar({ state: 'on' });
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: '  dragon ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply.mock.calls[0]![0]).toEqual({ keyword: 'dragon', state: 'on' });
  });

  it("shows a range from the call's two times, the end minute included, and sends it back unchanged", async () => {
    const start = new Date(2026, 2, 1, 0, 0).toISOString();
    const end = new Date(2026, 2, 2, 0, 0).toISOString();
    const { onApply } = renderBar({ start_time: start, end_time: end });
    const [from, to] = screen.getAllByLabelText('Time') as HTMLInputElement[];
    expect(from!.value).toBe('2026-03-01 00:00');
    expect(to!.value).toBe('2026-03-01 23:59');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(1));
    expect(onApply.mock.calls[0]![0]).toEqual({ start_time: start, end_time: end });
  });

  it('reset empties every field and applies no filters', async () => {
    const { onApply } = renderBar({
      keyword: 'dragon',
      state: 'on',
      start_time: new Date(2026, 2, 1).toISOString(),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply.mock.calls[0]![0]).toEqual({});
    expect((screen.getByLabelText('Keyword') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(onApply).toHaveBeenCalledTimes(2));
    expect(onApply.mock.calls[1]![0]).toEqual({});
  });
});

/*
 * The fields are declared from the call: `tsc` (the package's typecheck, which covers this file) refuses a filter
 * the call does not take, a choice the call would refuse, and a text or a range on a field that takes no text.
 */
describe('FilterBar fields are typed by the page call', () => {
  it("names a filter only after one of the call's request fields", () => {
    expectTypeOf<FilterName<typeof gamePage>>().toEqualTypeOf<
      'keyword' | 'state' | 'start_time' | 'end_time' | 'page_num'
    >();
    expectTypeOf<FilterName<typeof auditPage>>().toExtend<
      'actor' | 'action' | 'target_type' | 'target_id' | 'start_time' | 'end_time' | 'page_num' | 'page_size'
    >();

    const typed: FilterField<typeof gamePage>[] = [
      // @ts-expect-error the games page call takes no `game` field
      { kind: 'text', name: 'game', label: 'Game', maxLength: 20 },
      // @ts-expect-error `state` is on or off: the call would refuse "archived"
      { kind: 'select', name: 'state', label: 'State', options: [{ value: 'archived', label: 'Archived' }] },
      // @ts-expect-error a time range ends on one of the call's fields, not on `to`
      { kind: 'range', name: 'start_time', end: 'to', label: 'Time' },
    ];
    expect(typed).toHaveLength(3);

    const orders: FilterField<typeof payAdminOrderPageCall>[] = [
      // The order search's character is `cp_role_id` in its call: the screen's own word `role` is no filter.
      // @ts-expect-error the order page call takes no `role` field
      { kind: 'text', name: 'role', label: 'Character', maxLength: 64 },
      { kind: 'text', name: 'cp_role_id', label: 'Character', maxLength: 64 },
    ];
    expect(orders).toHaveLength(2);
  });

  it('hands back the values as the call takes them', () => {
    expectTypeOf<FilterValues<typeof gamePage>['state']>().toEqualTypeOf<'on' | 'off' | undefined>();
    expectTypeOf<FilterValues<typeof gamePage>['keyword']>().toEqualTypeOf<string | undefined>();
  });
});
