/** The privacy module's fixed rules (apps/api/README.md "Privacy"); the grace period is a setting. */
const minute = 60_000;

export const privacyPolicy = {
  /** Exports a member may download per hour: each one reads the whole history. */
  exportsPerHour: 5,
  /** A login cancelled a deletion this recently: the login page tells the player. */
  justCancelledMs: 10 * minute,
  /** How often the erasure job looks for deletions past their grace period. */
  intervalMs: 5 * minute,
  /**
   * How long a proof of the owner on a session allows the data export: long enough to confirm and download,
   * short enough that a session left open or stolen later cannot take the data without the owner again.
   */
  reauthWindowMs: 5 * minute,
  /** Members erased per round at most (one transaction each); the next round goes on. */
  maxErasuresPerRound: 50,
} as const;
