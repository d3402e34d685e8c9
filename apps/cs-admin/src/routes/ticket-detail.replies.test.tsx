import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { questionTypeList } from '@gp/contracts/cs';
import { deskTicketDetailCall, deskTicketLock, deskUserSubmitRecord } from '@gp/contracts/desk';
import { fakeStaffApi } from '../testing/fake-staff-api.ts';
import { agent, detail, page, renderDesk } from '../testing/render-desk.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function detailApi(firstRepliedAt: string | null) {
  const api = fakeStaffApi();
  api.on(deskTicketDetailCall, () =>
    detail({ created_at: '2026-03-01T08:00:00.000Z', first_replied_at: firstRepliedAt }),
  );
  api.on(deskUserSubmitRecord, () => page([]));
  api.on(questionTypeList, () => []);
  api.on(deskTicketLock, () => ({ ...agent, expires_at: new Date(Date.now() + 300_000).toISOString() }));
  return api;
}

describe('first response time', () => {
  it('shows when the first reply came and how long after the ticket was opened', async () => {
    detailApi('2026-03-01T10:05:00.000Z');
    await renderDesk('/tickets/100');
    const item = await screen.findByText(/2 h 5 min after the ticket was opened/);
    expect(item.closest('time')?.getAttribute('dateTime')).toBe('2026-03-01T10:05:00.000Z');
  });

  it('says no reply yet before the first', async () => {
    detailApi(null);
    await renderDesk('/tickets/100');
    await screen.findByText('First response');
    expect(screen.getByText('No reply yet')).toBeTruthy();
  });
});
