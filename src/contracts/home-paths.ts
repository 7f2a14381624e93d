/** The home dashboard's endpoint; zod-free, so the shell's first load does not carry zod (the schema is in home.ts). */
export const homePaths = {
  /** The dashboard figures of the caller (homeSummarySchema in home.ts). */
  summary: '/api/home/summary',
} as const;
