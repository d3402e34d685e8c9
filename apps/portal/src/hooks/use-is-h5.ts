import { useSiteRoute } from '@gp/ui/shell-data';

/**
 * True on the H5 (phone) form of a page. Every portal screen is either a desktop or an H5 route of the site map,
 * so the matched route says which; the shell picked that route for the device before rendering.
 */
export function useIsH5(): boolean {
  return useSiteRoute()?.form === 'h5';
}
