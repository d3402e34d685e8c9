import { articleListRoute } from '../features/content/index.ts';

const route = articleListRoute('news');

export const loader = route.loader;

/** News (content): the list with its filters; the editor is /content/news/:id. */
export default route.Screen;
