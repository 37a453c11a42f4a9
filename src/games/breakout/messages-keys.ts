/** Breakout's translator: the generic keys and the game's own, no other (a misspelt key does not compile). */
import { translatorFor } from '../../ui/i18n';
import { breakout } from './messages';

export const t = translatorFor(breakout);

/** For a key made at run time (from data, a problem, an explanation line): checked by the tests, not the compiler. */
export { translate } from '../../ui/i18n';
