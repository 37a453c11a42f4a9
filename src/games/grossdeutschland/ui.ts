/** Grossdeutschland's messages and turn panel, loaded when a Grossdeutschland game is opened (see src/games/registry.ts). */
import type { AllProceduresTitled, Messages } from '../../ui/i18n/define';
import type { ProcedureId } from './rules';
import { PHASES } from './state';
import { translate } from './messages-keys';
import { grossdeutschland } from './messages';
import { grossdeutschlandEvents } from './messages-events';
import { grossdeutschlandTally } from './messages-tally';
import { grossdeutschlandUi } from './messages-ui';
import './panel';

const blocks = [grossdeutschland, grossdeutschlandUi, grossdeutschlandEvents, grossdeutschlandTally] as const;
export const messages: readonly Messages<string>[] = blocks;
/** Every procedure has a title in both languages: a missing `proc.<id>` is a compile error here. */
export const everyProcedureTitled: AllProceduresTitled<ProcedureId, typeof blocks> = true;
export const turnPanel = 'wc-grossdeutschland-panel';

/** The name of a phase the log recorded by its id (the engine's position, issue #29): "3. Activation". */
export const phaseLabel = (lang: 'en' | 'es', id: string): string | undefined =>
  PHASES.some((p) => p.id === id) ? translate(lang, `gdui.phase.${id}`) : undefined;
