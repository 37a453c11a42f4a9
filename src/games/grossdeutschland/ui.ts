/** Grossdeutschland's messages and turn panel, loaded when a Grossdeutschland game is opened (see src/games/index.ts). */
import type { Messages } from '../../ui/i18n/define';
import { grossdeutschland } from './messages';
import { grossdeutschlandEvents } from './messages-events';
import { grossdeutschlandTally } from './messages-tally';
import { grossdeutschlandUi } from './messages-ui';
import './panel';

export const messages: readonly Messages<string>[] = [
  grossdeutschland,
  grossdeutschlandUi,
  grossdeutschlandEvents,
  grossdeutschlandTally,
];
export const turnPanel = 'wc-grossdeutschland-panel';
