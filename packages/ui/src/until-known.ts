import styles from './until-known.module.css';

/**
 * For what only a visitor should see (a login link, a login prompt) on a server-rendered page while the member is
 * not yet known (`useShellData().userKnown`): a member never sees it flash by before their name replaces it, and
 * the page does not move when it does. Where no script runs it shows.
 */
export const untilKnown: string = styles.untilKnown ?? '';

/** `className`, with `untilKnown` beside it while the member is not `known`. */
export function unseenUntilKnown(className: string | undefined, known: boolean): string | undefined {
  return known ? className : `${className ?? ''} ${untilKnown}`.trim();
}
