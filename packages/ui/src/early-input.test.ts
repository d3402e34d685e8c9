import { afterEach, describe, expect, it, vi } from 'vitest';
import { rememberServerControls, replayEarlyInput } from './early-input.ts';

afterEach(() => document.body.replaceChildren());

/** A form as the server writes it: the markup's values are the controls' defaults. */
function serverForm(): HTMLFormElement {
  document.body.innerHTML = `
    <form>
      <input name="user" value="">
      <input name="kept" value="server">
      <input type="checkbox" name="keep">
      <select name="lang"><option value="en" selected>en</option><option value="th">th</option></select>
      <textarea name="text"></textarea>
    </form>`;
  return document.querySelector('form')!;
}

function listen(form: HTMLFormElement) {
  const heard: string[] = [];
  for (const type of ['input', 'change'])
    form.addEventListener(type, (e) => heard.push(`${type}:${(e.target as HTMLInputElement).name}`));
  return heard;
}

describe('replayEarlyInput', () => {
  it('hands the handlers every server-painted control the player changed, once', () => {
    const form = serverForm();
    rememberServerControls(document.body);
    (form.elements.namedItem('user') as HTMLInputElement).value = 'early@example.com';
    (form.elements.namedItem('keep') as HTMLInputElement).checked = true;
    (form.elements.namedItem('lang') as HTMLSelectElement).value = 'th';
    (form.elements.namedItem('text') as HTMLTextAreaElement).value = 'typed';
    const heard = listen(form);
    replayEarlyInput(form);
    expect(heard).toEqual(['input:user', 'change:keep', 'change:lang', 'input:text']);
    replayEarlyInput(form);
    expect(heard).toHaveLength(4);
  });

  it('leaves untouched controls and controls the browser drew itself alone', () => {
    const form = serverForm();
    rememberServerControls(form);
    // Drawn by the scripts, its value set as a framework sets it (the property, not the markup).
    const later = document.createElement('input');
    later.name = 'later';
    form.append(later);
    later.value = 'drawn by the scripts';
    const heard = listen(form);
    const spy = vi.fn();
    later.addEventListener('input', spy);
    replayEarlyInput(form);
    expect(heard).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
  });

  it('replays a lone control', () => {
    const form = serverForm();
    rememberServerControls(form);
    const select = form.elements.namedItem('lang') as HTMLSelectElement;
    select.value = 'th';
    const heard = listen(form);
    replayEarlyInput(select);
    expect(heard).toEqual(['change:lang']);
  });
});
