import type { ArticleKind } from '@gp/contracts/content-admin';

/** The console paths of an article kind's screens: the list, `/new` and `/:id`. */
export function articleBasePath(kind: ArticleKind): string {
  return kind === 'news' ? '/content/news' : '/content/activities';
}

/** The kind whose screens a console path is under. */
export function articleKindOfPath(pathname: string): ArticleKind {
  return pathname.startsWith('/content/activities') ? 'activity' : 'news';
}
