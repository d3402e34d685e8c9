import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LanguageSwitcher } from './language-switcher.tsx';

afterEach(cleanup);

async function renderSwitcher(onSwitch = vi.fn()) {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { common: { language: { label: 'Language' } } } },
    defaultNS: 'common',
  });
  render(
    <I18nextProvider i18n={i18n}>
      <LanguageSwitcher onSwitch={onSwitch} />
    </I18nextProvider>,
  );
  return onSwitch;
}

describe('LanguageSwitcher', () => {
  it('is a labelled select listing the enabled languages by their own names', async () => {
    await renderSwitcher();
    const select = screen.getByLabelText('Language');
    const options = Array.from(select.querySelectorAll('option'));
    expect(options.map((o) => o.textContent)).toEqual([
      'English',
      'ไทย',
      '简体中文',
      'Tiếng Việt',
      '繁體中文',
    ]);
    expect(options.map((o) => o.getAttribute('lang'))).toEqual(['en', 'th', 'zh-Hans', 'vi', 'zh-Hant']);
  });

  it('switches to the chosen language', async () => {
    const onSwitch = await renderSwitcher();
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'vi' } });
    expect(onSwitch).toHaveBeenCalledWith('vi');
  });
});
