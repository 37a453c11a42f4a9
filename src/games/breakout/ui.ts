/** Breakout's messages and turn panel, loaded when a Breakout game is opened (see src/games/registry.ts). */
import type { AllProceduresTitled, Messages } from '../../ui/i18n/define';
import type { ProcedureId } from './rules';
import { breakout } from './messages';
import './panel';

const blocks = [breakout] as const;
export const messages: readonly Messages<string>[] = blocks;
/** Every procedure has a title in both languages: a missing `proc.<id>` is a compile error here. */
export const everyProcedureTitled: AllProceduresTitled<ProcedureId, typeof blocks> = true;
export const turnPanel = 'wc-breakout-panel';
