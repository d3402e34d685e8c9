import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkError } from '@gp/api-client';
import { faqPage, questionTypeList } from '@gp/contracts/cs';
import { forgetUser } from '@gp/ui/session';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { callsTo, initialState, serviceWorld } from '../testing/service-fixtures.ts';

const { state, answers } = serviceWorld();
const api = tableApi(answers);
vi.mock('../lib/api-client.ts', () => ({ api }));
const { routes, createPortalRoutes } = await import('../app/router.tsx');

afterEach(() => {
  cleanup();
  api.call.mockClear();
  forgetUser();
  Object.assign(state, initialState());
});

const faqTitles = () =>
  within(screen.getByRole('region', { name: /Frequently asked questions|Search results/ }))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

describe('/service (customer-service home)', () => {
  it('opens without login: the ways in and the first ten FAQ answers, collapsed', async () => {
    state.loggedIn = false;
    const { router } = await renderApp(routes, '/service');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customer service' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/service');
    const entries = screen.getByRole('navigation', { name: 'Customer service' });
    expect(
      within(entries)
        .getAllByRole('link')
        .map((l) => [l.textContent, l.getAttribute('href')]),
    ).toEqual([
      ['Submit a ticket', '/service/question'],
      ['My tickets', '/service/history'],
      ['Contact details', '/service/info'],
    ]);
    expect(await screen.findByText('13 answers')).toBeTruthy();
    expect(faqTitles()).toEqual([
      'How do I reset my password?',
      ...Array.from({ length: 9 }, (_, i) => `FAQ entry ${i + 2}`),
    ]);
    expect(
      within(screen.getByRole('navigation', { name: 'Pages' }))
        .getByRole('link', { name: 'Page 2' })
        .getAttribute('href'),
    ).toBe('/service?page=2');
    expect(callsTo(api.call, faqPage)).toEqual([{ page_num: 1, page_size: 10 }]);
    expect(callsTo(api.call, questionTypeList)).toEqual([{ usage: 1 }]);
  });

  it('shows and hides an answer with its disclosure button', async () => {
    await renderApp(routes, '/service');
    const toggle = await screen.findByRole('button', { name: 'How do I reset my password?' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(panel.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByText(/Forgot password/).textContent).toContain(
      'Follow the link we e-mail you.',
    );
    expect(within(panel).getByText('Top-up & payment')).toBeTruthy();
    fireEvent.click(toggle);
    expect(panel.hidden).toBe(true);
  });

  it('searches by keyword: the search goes into the URL and the results say how many', async () => {
    const { router } = await renderApp(routes, '/service');
    const search = await screen.findByRole('search', { name: 'Search the FAQ' });
    fireEvent.change(within(search).getByRole('searchbox', { name: 'Keyword' }), {
      target: { value: ' password ' },
    });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 answer')).toBeTruthy();
    expect(router.state.location.search).toBe('?q=password');
    expect(screen.getByRole('heading', { level: 2, name: 'Search results' })).toBeTruthy();
    expect(faqTitles()).toEqual(['How do I reset my password?']);
    expect(callsTo(api.call, faqPage).at(-1)).toEqual({
      question_keyword: 'password',
      page_num: 1,
      page_size: 10,
    });
    expect(screen.getByRole('link', { name: 'Clear search' }).getAttribute('href')).toBe('/service');
  });

  it('filters by game and question type, offering the chosen game its own types', async () => {
    const { router } = await renderApp(routes, '/service');
    const search = await screen.findByRole('search', { name: 'Search the FAQ' });
    const type = within(search).getByRole('combobox', { name: 'Question type' });
    expect(within(type).queryByRole('option', { name: 'Guild battles' })).toBeNull();
    fireEvent.change(within(search).getByRole('combobox', { name: 'Game' }), { target: { value: '2' } });
    expect(await within(type).findByRole('option', { name: 'Guild battles' })).toBeTruthy();
    expect(callsTo(api.call, questionTypeList).at(-1)).toEqual({ usage: 1, game_base_id: 2 });
    fireEvent.change(type, { target: { value: '9' } });
    fireEvent.click(within(search).getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('1 answer')).toBeTruthy();
    expect(router.state.location.search).toBe('?game=2&type=9');
    expect(faqTitles()).toEqual(['FAQ entry 13']);
    expect(callsTo(api.call, faqPage).at(-1)).toEqual({
      game_base_id: 2,
      question_type: 9,
      page_num: 1,
      page_size: 10,
    });
  });

  it('pages with the filter kept, and says so when nothing matches', async () => {
    await renderApp(routes, '/service?type=2&page=2');
    expect(await screen.findByText('6 answers')).toBeTruthy();
    expect(screen.getByText("There's nothing on this page.")).toBeTruthy();
    cleanup();
    await renderApp(routes, '/service?q=entry&page=2');
    expect(await screen.findByText('12 answers')).toBeTruthy();
    expect(faqTitles()).toEqual(['FAQ entry 12', 'FAQ entry 13']);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/service?q=entry');
    cleanup();
    await renderApp(routes, '/service?q=nothing-like-this');
    expect(await screen.findByText('No answers match your search.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Submit a ticket' }).at(-1)!.getAttribute('href')).toBe(
      '/service/question',
    );
  });

  it('says "1,000+ answers" over a capped count and pages up to the cap\'s last page, on H5 too', async () => {
    const original = answers.get(faqPage) as (input: { page_num: number }) => object;
    answers.set(faqPage, (input: { page_num: number }) => ({
      ...original({ ...input, page_num: 1 }),
      total: 1000,
      total_capped: true,
      page_num: input.page_num,
    }));
    await renderApp(routes, '/service?page=100');
    expect(await screen.findByText('1,000+ answers')).toBeTruthy();
    expect(screen.queryByText('1000 answers')).toBeNull();
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: 'Page 100' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager).queryByRole('link', { name: /Next/ })).toBeNull();
    cleanup();
    await renderApp(
      createPortalRoutes(() => 'phone'),
      '/service/h5?page=2',
    );
    expect(await screen.findByText('1,000+ answers')).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByText('Page 2 of 100')).toBeTruthy();
    answers.set(faqPage, original);
  });

  it('keeps the page when the FAQ cannot be loaded, and tries again', async () => {
    let fail = true;
    const original = answers.get(faqPage) as (input: unknown) => unknown;
    answers.set(faqPage, (input: unknown) => {
      if (fail) throw new NetworkError('offline');
      return original(input);
    });
    await renderApp(routes, '/service');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain("The FAQ couldn't be loaded.");
    expect(screen.getByRole('link', { name: 'Submit a ticket' })).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('13 answers')).toBeTruthy();
    answers.set(faqPage, original);
  });
});
