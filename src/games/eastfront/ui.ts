/** EastFront's screens: its turn panel and its messages (loaded with the game). */
import './panel';
import type { AllProceduresTitled, Messages } from '../../ui/i18n/define';
import { PHASES, type ProcedureId } from './rules';
import { t, translate } from './messages-keys';
import { messages as efMessages } from './messages';

const blocks = [efMessages] as const;
export const messages: readonly Messages<string>[] = blocks;
/** Every procedure has a title in both languages: a missing `proc.<id>` is a compile error here. */
export const everyProcedureTitled: AllProceduresTitled<ProcedureId, typeof blocks> = true;
export const turnPanel = 'wc-eastfront-panel';

/** A segment of the month as the log names it: "Fortnight 1 · player turn 1 · Movement" (4.1, 4.4). */
export const phaseLabel = (lang: 'en' | 'es', id: string): string | undefined => {
  const segment = PHASES.find((x) => x.id === id);
  if (!segment) return undefined;
  const name = translate(lang, `ef.phase.${segment.phase}`);
  if (!segment.fortnight) return name;
  const turn = segment.player ? `${t(lang, 'ef.ui.playerTurnN', { n: segment.player })} · ` : '';
  return `${t(lang, 'ef.ui.fortnight', { n: segment.fortnight })} · ${turn}${name}`;
};
