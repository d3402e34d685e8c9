import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localHosts } from '@gp/config';
import type { Banner } from '@gp/contracts/web';
import { createShellRoutes } from '@gp/ui/shell';
import { renderApp } from '@gp/ui/testing';
import { tableApi } from '@gp/ui/testing-api';
import { banners } from '../../../testing/content-fixtures.ts';
import { autoplayMs, BannerCarousel } from './banner-carousel.tsx';

/** The visitor's motion setting, as matchMedia reports it (jsdom has no matchMedia of its own). */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reduce && query.includes('prefers-reduced-motion: reduce'),
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}

/** The carousel inside the real shell (its links need the shell), on the desktop or the H5 home. */
async function show(list: Banner[] = banners, device: 'desktop' | 'phone' = 'desktop') {
  const screenModule = async () => ({
    default: function Screen() {
      return (
        <>
          <h1>Home</h1>
          <BannerCarousel banners={list} h5={device === 'phone'} />
        </>
      );
    },
  });
  const routes = createShellRoutes({
    host: 'portal',
    hosts: localHosts(),
    api: tableApi(),
    device: () => device,
    screens: { home: screenModule, homeH5: screenModule },
  });
  await renderApp(routes, device === 'phone' ? '/h5' : '/');
  const carousel = await screen.findByRole('region', { name: 'Highlights' });
  // Let React run the effects of the first render (the autoplay timer starts there).
  await act(async () => {});
  return carousel;
}

const slides = (carousel: HTMLElement) => within(carousel).getAllByRole('group');
const current = (carousel: HTMLElement) => slides(carousel).findIndex((s) => !s.hasAttribute('inert'));

beforeEach(() => prefersReducedMotion(false));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('banner carousel', () => {
  it('is a labelled carousel of labelled slides, only the current one reachable', async () => {
    const carousel = await show();
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(slides(carousel).map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(slides(carousel).every((s) => s.getAttribute('aria-roledescription') === 'slide')).toBe(true);
    expect(current(carousel)).toBe(0);
    expect(slides(carousel).map((s) => s.hasAttribute('inert'))).toEqual([false, true, true]);
  });

  it('loads the first image at once with high priority and the others lazily, all sized', async () => {
    const carousel = await show();
    const images = within(carousel).getAllByRole('img');
    expect(images.map((i) => i.getAttribute('alt'))).toEqual(banners.map((b) => b.alt));
    expect(images.map((i) => i.getAttribute('loading'))).toEqual(['eager', 'lazy', 'lazy']);
    expect(images[0]!.getAttribute('fetchpriority')).toBe('high');
    for (const img of images) {
      expect(img.getAttribute('width')).toBe('1200');
      expect(img.getAttribute('height')).toBe('400');
    }
    expect(images[0]!.getAttribute('src')).toBe(banners[0]!.image.url);
  });

  it('shows the H5 artwork on the H5 home', async () => {
    const carousel = await show(banners, 'phone');
    const first = within(carousel).getAllByRole('img')[0]!;
    expect(first.getAttribute('src')).toBe(banners[0]!.image_h5.url);
    expect([first.getAttribute('width'), first.getAttribute('height')]).toEqual(['750', '420']);
  });

  it('links each slide to its page: portal paths in the app, top-up on the pay host', async () => {
    const carousel = await show();
    const links = slides(carousel).map((s) => within(s).getByRole('link'));
    expect(links.map((l) => l.textContent)).toEqual(['Read patch notes', 'Top up now', 'Join the cup']);
    expect(links[0]!.getAttribute('href')).toBe('/news-detail/3');
    expect(links[1]!.getAttribute('href')).toBe('http://localhost:8082/paygame/?lang=en');
  });

  it('moves with the previous / next buttons and the slide buttons, wrapping around', async () => {
    const carousel = await show();
    fireEvent.click(within(carousel).getByRole('button', { name: 'Next slide' }));
    expect(current(carousel)).toBe(1);
    fireEvent.click(within(carousel).getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(within(carousel).getByRole('button', { name: 'Previous slide' }));
    expect(current(carousel)).toBe(2);
    const dot = within(carousel).getByRole('button', { name: 'Show slide 2: Up to 20% extra Gold Ingots' });
    fireEvent.click(dot);
    expect(current(carousel)).toBe(1);
    expect(dot.getAttribute('aria-current')).toBe('true');
  });

  it('moves with the arrow keys while focus is inside, and focus follows from a slide link', async () => {
    const carousel = await show();
    const next = within(carousel).getByRole('button', { name: 'Next slide' });
    next.focus();
    fireEvent.keyDown(next, { key: 'ArrowRight' });
    expect(current(carousel)).toBe(1);
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    fireEvent.keyDown(next, { key: 'ArrowLeft' });
    expect(current(carousel)).toBe(2);
    expect(document.activeElement).toBe(next);

    const link = within(slides(carousel)[2]!).getByRole('link');
    link.focus();
    fireEvent.keyDown(link, { key: 'ArrowRight' });
    expect(current(carousel)).toBe(0);
    expect(document.activeElement).toBe(slides(carousel)[0]);
  });

  it('turns to the next slide every 6 seconds and stops when paused', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const carousel = await show();
    const track = slides(carousel)[0]!.parentElement!;
    expect(track.getAttribute('aria-live')).toBe('off');
    act(() => vi.advanceTimersByTime(autoplayMs - 100));
    expect(current(carousel)).toBe(0);
    act(() => vi.advanceTimersByTime(200));
    expect(current(carousel)).toBe(1);

    fireEvent.click(within(carousel).getByRole('button', { name: 'Pause slide show' }));
    // Focus left on the button must not decide: move it away, the carousel stays paused.
    (document.activeElement as HTMLElement).blur();
    act(() => vi.advanceTimersByTime(autoplayMs * 3));
    expect(current(carousel)).toBe(1);
    expect(track.getAttribute('aria-live')).toBe('polite');

    fireEvent.click(within(carousel).getByRole('button', { name: 'Play slide show' }));
    act(() => vi.advanceTimersByTime(autoplayMs + 10));
    expect(current(carousel)).toBe(2);
  });

  it('pauses while the mouse rests on it or focus is inside, and resumes after', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const carousel = await show();
    fireEvent.pointerEnter(carousel, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(autoplayMs * 2));
    expect(current(carousel)).toBe(0);
    fireEvent.pointerLeave(carousel, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(autoplayMs + 10));
    expect(current(carousel)).toBe(1);

    fireEvent.focus(within(carousel).getByRole('button', { name: 'Next slide' }));
    act(() => vi.advanceTimersByTime(autoplayMs * 2));
    expect(current(carousel)).toBe(1);
    fireEvent.blur(within(carousel).getByRole('button', { name: 'Next slide' }));
    act(() => vi.advanceTimersByTime(autoplayMs + 10));
    expect(current(carousel)).toBe(2);
  });

  it('does not play by itself when the visitor prefers reduced motion', async () => {
    prefersReducedMotion(true);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const carousel = await show();
    act(() => vi.advanceTimersByTime(autoplayMs * 3));
    expect(current(carousel)).toBe(0);
    // The control offers play; the buttons still work.
    expect(within(carousel).getByRole('button', { name: 'Play slide show' })).toBeTruthy();
    fireEvent.click(within(carousel).getByRole('button', { name: 'Next slide' }));
    expect(current(carousel)).toBe(1);
  });

  it('follows a swipe on a touch screen, but not a short or vertical move, nor a mouse drag', async () => {
    const carousel = await show(banners, 'phone');
    const viewport = slides(carousel)[0]!.parentElement!.parentElement!;
    const swipe = (pointerType: string, from: [number, number], to: [number, number]) => {
      fireEvent.pointerDown(viewport, { pointerId: 1, pointerType, clientX: from[0], clientY: from[1] });
      fireEvent.pointerUp(viewport, { pointerId: 1, pointerType, clientX: to[0], clientY: to[1] });
    };
    swipe('touch', [300, 100], [120, 110]);
    expect(current(carousel)).toBe(1);
    swipe('touch', [100, 100], [280, 90]);
    expect(current(carousel)).toBe(0);
    swipe('touch', [300, 100], [280, 100]);
    swipe('touch', [200, 100], [150, 300]);
    swipe('mouse', [300, 100], [50, 100]);
    expect(current(carousel)).toBe(0);
  });

  it('has no controls and nothing to turn with a single banner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const carousel = await show([banners[0]!]);
    expect(within(carousel).queryByRole('button')).toBeNull();
    act(() => vi.advanceTimersByTime(autoplayMs * 2));
    expect(current(carousel)).toBe(0);
  });
});
