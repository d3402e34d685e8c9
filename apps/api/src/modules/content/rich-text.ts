/**
 * The allow-list for rich bodies (news, activities, later FAQ): structure and emphasis only, links to http(s)
 * and mailto. Links to other sites open in a new tab without access to ours. Everything else - scripts, event
 * handlers, styles, frames, forms, images with `onerror` - is removed.
 */
import DOMPurify from 'isomorphic-dompurify';

const allowedTags = [
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'strong',
  'em',
  'b',
  'i',
  'u',
  'br',
  'blockquote',
  'a',
  'hr',
];
const allowedAttributes = ['href', 'title'];

/** Hosts whose links stay in the same tab. DOMPurify is a process-wide instance, so its hook reads this. */
let ownHosts: readonly string[] = [];

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'A') return;
  let external = false;
  try {
    external = !ownHosts.includes(new URL(node.getAttribute('href') ?? '').host);
  } catch {
    external = false; // a relative link stays on our site
  }
  if (external) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

export function setOwnOrigins(origins: readonly string[]): void {
  ownHosts = origins.map((o) => new URL(o).host);
}

export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS: allowedTags,
    ALLOWED_ATTR: allowedAttributes,
    // A path on our site, never `//host` or `/\host` (browsers read a backslash as a slash: another site); no
    // backslash anywhere, so no link can change meaning between our check and the browser's reading.
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|\/(?![/\\]))[^\\]*$/i,
  });
}
