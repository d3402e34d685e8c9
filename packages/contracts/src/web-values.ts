/** Web group values that need no zod; web.contracts.ts re-exports them and builds its schemas on them. */

/** The categories of news and activities. */
export const articleCategories = [
  'notice',
  'update',
  'maintenance',
  'event',
  'campaign',
  'tournament',
] as const;
