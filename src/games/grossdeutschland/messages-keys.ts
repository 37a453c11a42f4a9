/** Grossdeutschland's translator: the generic keys and the game's own, no other (a misspelt key does not compile). */
import { translatorFor } from '../../ui/i18n';
import { grossdeutschland } from './messages';
import { grossdeutschlandUi } from './messages-ui';
import { grossdeutschlandEvents } from './messages-events';
import { grossdeutschlandTally } from './messages-tally';

export const t = translatorFor(grossdeutschland, grossdeutschlandUi, grossdeutschlandEvents, grossdeutschlandTally);

/** For a key made at run time (from data, a problem, an explanation line): checked by the tests, not the compiler. */
export { translate } from '../../ui/i18n';
