import { useLayoutEffect } from 'react';

/**
 * Puts `<meta name content>` tags in the document head while the component is shown (and `active`). Written out
 * rather than rendered as `<meta>` elements, which only React 19 hoists into the head: the player builds run on
 * Preact, which would leave them in the body, where robots and browsers ignore them.
 */
export function useHeadMeta(tags: Readonly<Record<string, string>>, active = true) {
  const key = active ? JSON.stringify(tags) : '';
  useLayoutEffect(() => {
    if (!key) return;
    const added = Object.entries(JSON.parse(key) as Record<string, string>).map(([name, content]) => {
      const meta = document.createElement('meta');
      meta.name = name;
      meta.content = content;
      document.head.append(meta);
      return meta;
    });
    return () => added.forEach((meta) => meta.remove());
  }, [key]);
}
