// Zitadelle's digest §8 test vectors checked twice: against the victory table (tests/unit/data) and
// through the zi.victory procedure (tests/unit/games).

/** D17: victory point totals either side of each level's bounds, and the level each gives (12.3). */
export const D17_VICTORY = {
  vp: [0, 1, 20, 21, -35, -34],
  level: ['SOV-TACT', 'GER-TACT', 'GER-TACT', 'GER-OPER', 'SOV-STRAT', 'SOV-OPER'],
} as const;
