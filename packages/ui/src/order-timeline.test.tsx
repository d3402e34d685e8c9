import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OrderTimeline } from './order-timeline.tsx';
import { renderApp } from './testing.tsx';

afterEach(cleanup);

describe('OrderTimeline', () => {
  it('lists the steps in order with their times, the latest marked current', async () => {
    await renderApp(
      <OrderTimeline
        timeline={[
          { step: 'created', at: '2026-11-26T01:00:00.000Z' },
          { step: 'paid', at: '2026-11-26T01:02:00.000Z' },
          { step: 'delivered', at: '2026-11-26T01:03:00.000Z' },
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Order progress' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('span')?.textContent)).toEqual([
      'Order placed',
      'Payment received',
      'Credit delivered',
    ]);
    expect(items[2]?.getAttribute('aria-current')).toBe('step');
    expect(items[0]?.hasAttribute('aria-current')).toBe(false);
    expect(items[1]?.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-26T01:02:00.000Z');
  });

  it('shows nothing for an order without steps', async () => {
    await renderApp(<OrderTimeline timeline={[]} />);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
