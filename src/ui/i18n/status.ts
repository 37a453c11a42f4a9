import { defineMessages } from './define';

/** How much of a table or a turn track the rulebook's text gives: shown by the game and tables screens. */
export const status = defineMessages({
  en: {
    'status.complete': 'complete',
    'status.partial': 'partly in the text',
    'status.missing': 'missing from the text',
  },
  es: {
    'status.complete': 'completa',
    'status.partial': 'en parte en el texto',
    'status.missing': 'falta en el texto',
  },
});
