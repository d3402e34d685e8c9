/** What a seed run tells the start that ran it (the one-time passwords it printed once). */
export interface SeedNotes {
  oneTimePasswords: { accountId: string; password: string }[];
}
