/** Zitadelle's messages and turn panel, loaded when one of its games is opened (see src/games/registry.ts). */
import type { AllProceduresTitled, Messages } from '../../ui/i18n/define';
import type { ProcedureId } from './rules';
import { messages as zi } from './messages';
import './panel';

const blocks = [zi] as const;
export const messages: readonly Messages<string>[] = blocks;
/** Every procedure has a title in both languages: a missing `proc.<id>` is a compile error here. */
export const everyProcedureTitled: AllProceduresTitled<ProcedureId, typeof blocks> = true;
export const turnPanel = 'wc-zitadelle-panel';
