import { useState } from 'react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import cms from '@gp/i18n/locales/en/cms.json';
import RichTextEditor, { isAllowedLink } from './rich-text-editor.tsx';

afterEach(cleanup);

async function renderEditor(initial: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: { en: { cms } }, interpolation: { escapeValue: false } });
  const changes: string[] = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <I18nextProvider i18n={i18n}>
        <span id="body-label">Body</span>
        <RichTextEditor
          value={value}
          onChange={(html) => {
            changes.push(html);
            setValue(html);
          }}
          labelledBy="body-label"
          lang="th"
        />
      </I18nextProvider>
    );
  }
  render(<Host />);
  const box = await screen.findByRole('textbox', { name: 'Body' });
  return { box, changes };
}

describe('rich-text editor', () => {
  it('allows the links the server keeps and no others', () => {
    for (const ok of [
      'https://a.example/x',
      'http://a.example',
      'mailto:help@a.example',
      '/news-detail/3',
      '/',
    ])
      expect(isAllowedLink(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', '//evil.example', 'ftp://a.example', 'data:text/html,x', 'a b'])
      expect(isAllowedLink(bad), bad).toBe(false);
  });

  it('offers only what the sanitizer keeps', async () => {
    await renderEditor('<p>x</p>');
    const toolbar = within(screen.getByRole('toolbar', { name: cms.editor.toolbar }));
    const names = toolbar.getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      cms.editor.bold,
      cms.editor.italic,
      cms.editor.underline,
      'Heading 2',
      'Heading 3',
      'Heading 4',
      cms.editor.bulletList,
      cms.editor.orderedList,
      cms.editor.quote,
      cms.editor.rule,
      cms.editor.link,
      cms.editor.unlink,
      cms.editor.undo,
      cms.editor.redo,
    ]);
  });

  it('drops what the server would drop from loaded HTML: pictures, code, styles, h1', async () => {
    const { box } = await renderEditor(
      '<h1>Big</h1><p style="color:red">Hi <img src="x.png"><code>c</code><s>gone</s></p><h2>Sub</h2><ul><li>one</li></ul>',
    );
    expect(box.querySelector('img, code, s, h1, [style]')).toBeNull();
    expect(box.querySelector('h2')?.textContent).toBe('Sub');
    expect(box.querySelector('li')?.textContent).toBe('one');
    expect(box.getAttribute('lang')).toBe('th');
  });

  it('reports typed text as HTML, and an emptied body as ""', async () => {
    const { box, changes } = await renderEditor('<p>Hello</p>');
    await act(async () => {
      box.querySelector('p')!.textContent = 'Hello there';
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(changes.at(-1)).toBe('<p>Hello there</p>');
    await act(async () => {
      box.querySelector('p')!.textContent = '';
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(changes.at(-1)).toBe('');
  });

  it('refuses a link address the server would drop, with a message', async () => {
    await renderEditor('<p>Hello</p>');
    fireEvent.click(screen.getByRole('button', { name: cms.editor.link }));
    const address = screen.getByLabelText(cms.editor.linkAddress);
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByRole('button', { name: cms.editor.linkApply }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', cms.editor.linkWrong);
    expect(address.getAttribute('aria-invalid')).toBe('true');
    fireEvent.keyDown(address, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByLabelText(cms.editor.linkAddress)).toBeNull());
  });
});
