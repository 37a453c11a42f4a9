/** Zitadelle's messages and turn panel, loaded when one of its games is opened (see src/games/registry.ts). */
import type { AllProceduresTitled, Messages } from '../../ui/i18n/define';
import { PHASES, type ProcedureId } from './rules';
import { translate } from './messages-keys';
import { messages as zi } from './messages';
import './panel';

const blocks = [zi] as const;
export const messages: readonly Messages<string>[] = blocks;
/** Every procedure has a title in both languages: a missing `proc.<id>` is a compile error here. */
export const everyProcedureTitled: AllProceduresTitled<ProcedureId, typeof blocks> = true;
export const turnPanel = 'wc-zitadelle-panel';

/** The name of a phase the log recorded by its id (the engine's position, issue #29). */
export const phaseLabel = (lang: 'en' | 'es', id: string): string | undefined =>
  PHASES.some((p) => p.id === id) ? translate(lang, `zi.phase.${id}`) : undefined;
