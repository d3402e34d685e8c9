import { cleanup, render, screen, within } from '@testing-library/react';
import { Button } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';
import { PageFrame } from './page-frame.tsx';

afterEach(cleanup);

describe('PageFrame', () => {
  it('heads the screen with its one h1, the toolbar beside it and the content below', () => {
    render(
      <PageFrame title="Games" toolbar={<Button>Add a game</Button>}>
        <p>rows</p>
      </PageFrame>,
    );
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings.map((h) => h.textContent)).toEqual(['Games']);
    const head = headings[0]!.closest('.ant-card-head');
    expect(head).not.toBeNull();
    expect(within(head as HTMLElement).getByRole('button', { name: 'Add a game' })).toBeTruthy();
    expect(head?.contains(screen.getByText('rows'))).toBe(false);
  });

  it('has no toolbar when none is given', () => {
    render(<PageFrame title="Audit log" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
