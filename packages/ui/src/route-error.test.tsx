import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@gp/api-client';
import { RouteError } from './route-error.tsx';
import { renderApp } from './testing.tsx';

/** A route whose data fails to load with `error`. */
const failing = (error: unknown) => [
  {
    path: '*',
    loader: () => {
      throw error;
    },
    element: <p>loaded</p>,
    errorElement: <RouteError />,
  },
];

describe('RouteError', () => {
  afterEach(cleanup);

  it("shows a server error's reference, for the player to quote to support", async () => {
    await renderApp(failing(new ApiError(-500, 'common', 500, null, 'x', 'req-7f3a9')));
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    expect(screen.getByText('Reference for support: req-7f3a9')).toBeTruthy();
  });

  it('shows no reference for an error without one', async () => {
    await renderApp(failing(new ApiError(-500, 'common', 500)));
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    expect(screen.queryByText(/Reference for support/)).toBeNull();
  });
});
