/** EastFront's screens: its turn panel and its messages (loaded with the game). */
import './panel';
import type { Messages } from '../../ui/i18n/define';
import { messages as efMessages } from './messages';

export const messages: readonly Messages<string>[] = [efMessages];
export const turnPanel = 'wc-eastfront-panel';
