/** EastFront's screens: its turn panel and its messages (loaded with the game). */
import './panel';
import type { AllProceduresTitled, Messages } from '../../ui/i18n/define';
import type { ProcedureId } from './rules';
import { messages as efMessages } from './messages';

const blocks = [efMessages] as const;
export const messages: readonly Messages<string>[] = blocks;
/** Every procedure has a title in both languages: a missing `proc.<id>` is a compile error here. */
export const everyProcedureTitled: AllProceduresTitled<ProcedureId, typeof blocks> = true;
export const turnPanel = 'wc-eastfront-panel';
