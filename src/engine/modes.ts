/** Constants of a game's settings, in a leaf module: the tables, the decks and the schemas read them. */

/** The longest streak cap the players may set (deck.ts: at most this many chits of one side in a row). */
export const CAP_MAX = 20;

/** The errata modes a game is played with: as printed, undefined codes corrected (the default), all suggestions. */
export const ERRATA_MODES = ['printed', 'default', 'corrected'] as const;
