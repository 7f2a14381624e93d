/**
 * Ids of records: ULIDs (26 characters of Crockford's base 32; either case). In a file of its own,
 * zod-free and apart from limits.ts, so neither the sign-in page nor a store's first load carries it
 * for nothing.
 */
export const ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/i;
