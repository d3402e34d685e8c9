import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageTotalCap } from '@gp/contracts';
import { i18nextLanguage } from '@gp/i18n/languages';
import enAdmin from '@gp/i18n/locales/en/admin.json';
import enDesk from '@gp/i18n/locales/en/desk.json';
import viAdmin from '@gp/i18n/locales/vi/admin.json';
import viDesk from '@gp/i18n/locales/vi/desk.json';
import { ListPagination, type CountedPage } from './list-pagination.tsx';

afterEach(cleanup);

function Queue({ page, current, onChange }: { page: CountedPage; current: number; onChange?: () => void }) {
  const { t } = useTranslation('desk');
  return (
    <ListPagination
      page={page}
      totalText={(count) => t('queue.total', { count })}
      cappedText={(atLeast) => t('queue.totalCapped', { total: atLeast })}
      current={current}
      pageSize={20}
      showSizeChanger={false}
      onChange={onChange ?? (() => {})}
    />
  );
}

async function renderIn(lang: 'en' | 'vi', page: CountedPage, current = 1, onChange?: () => void) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: i18nextLanguage(lang),
    resources: {
      [i18nextLanguage(lang)]:
        lang === 'en' ? { admin: enAdmin, desk: enDesk } : { admin: viAdmin, desk: viDesk },
    },
    defaultNS: 'desk',
    interpolation: { escapeValue: false },
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <Queue page={page} current={current} {...(onChange ? { onChange } : {})} />
    </I18nextProvider>,
  );
}

const pageNumbers = (view: ReturnType<typeof render>) =>
  [...view.container.querySelectorAll('.ant-pagination-item')].map((li) => li.getAttribute('title'));

describe('ListPagination', () => {
  it('says the exact total and offers every page when the count is exact', async () => {
    const view = await renderIn('en', { total: 1000 }, 50);
    // Grouped as the capped "1,000+" is.
    expect(screen.getByText('1,000 tickets')).toBeTruthy();
    expect(screen.queryByText(enAdmin.list.cappedHint)).toBeNull();
    expect(pageNumbers(view).at(-1)).toBe('50');
  });

  it('says "1,000+" with the hint to narrow the filters, and stops at the cap\'s last page', async () => {
    const onChange = vi.fn();
    const view = await renderIn('en', { total: pageTotalCap, total_capped: true }, 50, onChange);
    const total = view.container.querySelector('.ant-pagination-total-text')!;
    expect(total.textContent).toBe('1,000+ tickets Narrow the filters to see the rest.');
    expect(screen.queryByText(/^1,000 tickets/)).toBeNull();
    expect(pageNumbers(view).at(-1)).toBe('50');
    expect(view.container.querySelector('[title="51"]')).toBeNull();
    const next = view.container.querySelector('.ant-pagination-next')!;
    expect(next.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(next);
    expect(onChange).not.toHaveBeenCalled();
  });

  it("keeps a page asked past the cap's last page within it", async () => {
    const view = await renderIn('en', { total: pageTotalCap, total_capped: true }, 120);
    expect(view.container.querySelector('.ant-pagination-item-active')!.getAttribute('title')).toBe('50');
  });

  it('writes the cap in the console language', async () => {
    const view = await renderIn('vi', { total: pageTotalCap, total_capped: true });
    expect(view.container.querySelector('.ant-pagination-total-text')!.textContent).toBe(
      `Ít nhất 1.000 yêu cầu ${viAdmin.list.cappedHint}`,
    );
    cleanup();
    // The exact total grouped the Vietnamese way too.
    const exact = await renderIn('vi', { total: 1000 });
    expect(exact.container.querySelector('.ant-pagination-total-text')!.textContent).toBe('1.000 yêu cầu');
  });
});
