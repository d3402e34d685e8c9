import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { groupsOf } from './copy-value.tsx';
import { OrderNumber } from './order-number.tsx';
import { renderApp } from './testing.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const orderNo = 'GP20261129A1B2C3D4E5F6G7H8';
const withClipboard = (clipboard: unknown) => vi.stubGlobal('navigator', { ...navigator, clipboard });

describe('groupsOf', () => {
  it('cuts a number into groups of four from its start, the last one shorter', () => {
    expect(groupsOf(orderNo)).toEqual(['GP20', '2611', '29A1', 'B2C3', 'D4E5', 'F6G7', 'H8']);
    expect(groupsOf('')).toEqual([]);
  });
});

describe('OrderNumber', () => {
  it('shows the number in groups, breakable only between them, with no space in its text', async () => {
    const { container } = await renderApp(<OrderNumber value={orderNo} copy={false} />);
    expect(container.textContent).toBe(orderNo);
    expect(container.querySelectorAll('wbr')).toHaveLength(6);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('copies the whole number and says so', async () => {
    const writeText = vi.fn(async () => {});
    withClipboard({ writeText });
    await renderApp(<OrderNumber value={orderNo} />);
    const button = await screen.findByRole('button', { name: `Copy order number ${orderNo}` });
    // The number is in the name only: the page's text holds it once, where it is shown.
    expect(button.textContent).toBe('Copy');
    expect(document.body.textContent?.split(orderNo)).toHaveLength(2);
    fireEvent.click(button);
    expect(writeText).toHaveBeenCalledWith(orderNo);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Order number copied'));
  });

  it('tells the player to copy by hand when the browser refuses', async () => {
    withClipboard({ writeText: () => Promise.reject(new Error('denied')) });
    await renderApp(<OrderNumber value={orderNo} />);
    fireEvent.click(await screen.findByRole('button'));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/select the number/i));
  });

  it('offers no button where the browser has no clipboard (plain http)', async () => {
    withClipboard(undefined);
    const { container } = await renderApp(<OrderNumber value={orderNo} />);
    await waitFor(() => expect(container.textContent).toBe(orderNo));
    expect(screen.queryByRole('button')).toBeNull();
  });
});
