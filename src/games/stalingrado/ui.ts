/** ¿Resiste Stalingrado?'s messages and turn panel, loaded when one of its games is opened (see src/games/index.ts). */
import type { Messages } from '../../ui/i18n/define';
import { messages as rs } from './messages';
import './panel';

export const messages: readonly Messages<string>[] = [rs];
export const turnPanel = 'wc-stalingrado-panel';
