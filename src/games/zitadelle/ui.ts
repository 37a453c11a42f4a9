/** Zitadelle's messages and turn panel, loaded when one of its games is opened (see src/games/index.ts). */
import type { Messages } from '../../ui/i18n/define';
import { messages as zi } from './messages';
import './panel';

export const messages: readonly Messages<string>[] = [zi];
export const turnPanel = 'wc-zitadelle-panel';
