/** Breakout's messages and turn panel, loaded when a Breakout game is opened (see src/games/index.ts). */
import type { Messages } from '../../ui/i18n/define';
import { breakout } from './messages';
import './panel';

export const messages: readonly Messages<string>[] = [breakout];
export const turnPanel = 'wc-breakout-panel';
