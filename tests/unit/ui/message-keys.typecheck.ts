// Type-level tests of the message keys (issue #29), checked by `npm run typecheck` (tsc reads tests/;
// vitest does not run this file). A misspelt key must not compile: each `@ts-expect-error` line below
// is a key that is not in the catalog, and tsc fails ("unused @ts-expect-error") the day one compiles.
import { t, translate } from '../../../src/ui/i18n';
import { t as tBreakout } from '../../../src/games/breakout/messages-keys';
import { t as tEastfront } from '../../../src/games/eastfront/messages-keys';
import { t as tGrossdeutschland } from '../../../src/games/grossdeutschland/messages-keys';
import { t as tStalingrado } from '../../../src/games/stalingrado/messages-keys';
import { t as tZitadelle } from '../../../src/games/zitadelle/messages-keys';

export const typeLevelChecks = [
  // The generic catalog.
  t('en', 'cup.left', { n: 1 }),
  // @ts-expect-error: a misspelt generic key
  t('en', 'cup.lefts', { n: 1 }),
  // @ts-expect-error: a game's key is not the generic catalog's
  t('en', 'rs.ui.title'),

  // Each game's translator: its own keys and the generic ones, nothing else.
  tStalingrado('en', 'rs.ui.title', { turn: 1, phase: '' }),
  tStalingrado('en', 'cup.left', { n: 1 }),
  // @ts-expect-error: '…ui.title' renamed '…ui.titel' in a panel
  tStalingrado('en', 'rs.ui.titel'),
  // @ts-expect-error: another game's key
  tStalingrado('en', 'zi.ui.title'),
  tZitadelle('en', 'zi.ui.title', { turn: 1, phase: '' }),
  // @ts-expect-error: '…ui.title' renamed '…ui.titel' in a panel
  tZitadelle('en', 'zi.ui.titel'),
  tEastfront('en', 'ef.ui.title', { month: '', year: 1941, phase: '' }),
  // @ts-expect-error: '…ui.title' renamed '…ui.titel' in a panel
  tEastfront('en', 'ef.ui.titel'),
  tGrossdeutschland('en', 'gdui.title', { turn: 1, type: '', weather: '' }),
  // @ts-expect-error: '…title' renamed '…titel' in a panel
  tGrossdeutschland('en', 'gdui.titel'),
  tBreakout('en', 'proc.bo.weather'),
  // @ts-expect-error: a misspelt procedure title
  tBreakout('en', 'proc.bo.wether'),

  // A key made at run time goes through translate, which takes any string (the unit tests check those).
  translate('en', `proc.${'bo.weather'}`),
];
