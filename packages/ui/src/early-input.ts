/**
 * What a player does to a server-painted page before its scripts take it over is kept: a value typed or
 * autofilled, a box ticked, an option chosen.
 *
 * Why a replay rather than reading the DOM into each form's initial state: hydration adopts the server's
 * controls as they are (Preact never writes `value`/`checked` while hydrating), so right after the takeover the
 * screen shows what the player typed while the form's state still holds what the server rendered; the form's
 * next render (the captcha picture arriving, any keystroke) writes that state back and erases the input. Reading
 * the DOM into initial state would need every form to name its fields to a helper and every field's state to be
 * shaped alike; instead the form's own handlers are given the events the browser would have sent had the
 * scripts been there (`input` for text, `change` for boxes and lists), so every form, whatever its state looks
 * like, takes the values in exactly as if the player had typed them a moment later, and its own rules (a game
 * chosen clears its type, a language chosen reloads the page) apply.
 *
 * A control counts as touched when it differs from what the server wrote in the markup (its `defaultValue`,
 * `defaultChecked`, `defaultSelected`), and only controls the server painted are replayed (`rememberServerControls`
 * runs before the hydration): a page the browser renders itself has nothing to replay.
 */
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

let serverControls = new WeakSet<Element>();

/** Called before a server-rendered page is hydrated: its form controls are the ones a player may have touched. */
export function rememberServerControls(root: ParentNode): void {
  serverControls = new WeakSet(root.querySelectorAll('input, textarea, select'));
}

function touched(control: Control): boolean {
  if (control instanceof HTMLSelectElement)
    return [...control.options].some((option) => option.selected !== option.defaultSelected);
  if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio'))
    return control.checked !== control.defaultChecked;
  return control.value !== control.defaultValue;
}

/** The event the browser sends for the change: what the form's handlers listen to. */
function eventFor(control: Control): string {
  if (control instanceof HTMLSelectElement) return 'change';
  if (control instanceof HTMLInputElement && /^(checkbox|radio|file)$/.test(control.type)) return 'change';
  return 'input';
}

/** Replays, once, the player's changes to the server-painted controls inside `ref` (or `ref` itself). */
export function replayEarlyInput(container: Element): void {
  const controls =
    container instanceof HTMLSelectElement ||
    container instanceof HTMLInputElement ||
    container instanceof HTMLTextAreaElement
      ? [container]
      : [...container.querySelectorAll<Control>('input, textarea, select')];
  for (const control of controls) {
    if (!serverControls.has(control)) continue;
    // Once: a later remount of the same node (none is expected) must not replay it again.
    serverControls.delete(control);
    if (control.disabled || !touched(control)) continue;
    control.dispatchEvent(new Event(eventFor(control), { bubbles: true }));
  }
}

/**
 * In a form (or a lone control) a server-rendered page may paint: its handlers receive what the player did
 * before the takeover. A layout effect, so the state holds the input before the first render after the
 * takeover could write the old state over it.
 */
export function useEarlyInput(ref: RefObject<Element | null>): void {
  useLayoutEffect(() => {
    if (ref.current) replayEarlyInput(ref.current);
  }, [ref]);
}

/**
 * False in the server's markup and while it is being taken over, true once the scripts have the control. For
 * buttons that only scripts can serve (a form sent as JSON, a new captcha picture): disabled until then, as a
 * plain submit would send the form somewhere that cannot take it (a GET of the page, the password in its
 * address) and lose what was typed.
 */
export function useScriptsReady(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready;
}
