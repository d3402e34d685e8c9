/**
 * What a server-rendered page carries for the browser to take it over: the language and device it was rendered
 * for, the time zone of its dates and their texts, the ids of the routes it matched, and its loaders' data, as
 * JSON in `<script type="application/json" id="gp-first-screen">`. JSON there is data, never run, so the
 * Content-Security-Policy needs no hash for it; `<` is escaped so no text in the data can close the element.
 */
import type { DeviceKind } from '@gp/config/navigation-rules';
import type { EnabledLanguage } from '@gp/config';

export const firstScreenId = 'gp-first-screen';

export interface FirstScreen {
  lang: EnabledLanguage;
  device: DeviceKind;
  /** The IANA zone the page's dates are written in: the browser writes them in it too while the page lives. */
  timeZone: string;
  /** The texts of the dates the render wrote (format.ts `recordWrittenDates`): the takeover writes them again. */
  dates: Record<string, string>;
  /** The ids of the routes the address matched, the root's first: the browser loads their chunks to take over. */
  routeIds: string[];
  loaderData: Record<string, unknown>;
}

export function firstScreenPayload(first: FirstScreen): string {
  return JSON.stringify(first)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page's first screen data, or undefined when the server sent the plain shell. */
export function readFirstScreen(doc: Document = document): FirstScreen | undefined {
  const text = doc.getElementById(firstScreenId)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as FirstScreen;
  } catch {
    return undefined;
  }
}
