/** ¿Resiste Stalingrado?'s messages and turn panel, loaded when one of its games is opened (see src/games/registry.ts). */
import type { AllProceduresTitled, Messages } from '../../ui/i18n/define';
import { PHASES, type ProcedureId } from './rules';
import { translate } from './messages-keys';
import { messages as rs } from './messages';
import './panel';

const blocks = [rs] as const;
export const messages: readonly Messages<string>[] = blocks;
/** Every procedure has a title in both languages: a missing `proc.<id>` is a compile error here. */
export const everyProcedureTitled: AllProceduresTitled<ProcedureId, typeof blocks> = true;
export const turnPanel = 'wc-stalingrado-panel';

/** The name of a phase the log recorded by its id (the engine's position, issue #29). */
export const phaseLabel = (lang: 'en' | 'es', id: string): string | undefined => {
  const phase = PHASES.find((p) => p.id === id);
  return phase && translate(lang, `rs.phase.${phase.step}`, { subturn: phase.subturn ?? 0 });
};
