import { articleListRoute } from '../features/content/index.ts';

const route = articleListRoute('activity');

export const loader = route.loader;

/** Activities (content): the list with its filters; the editor is /content/activities/:id. */
export default route.Screen;
