import { englishBlock } from './define';

/** Messages of linked devices every screen may show (the header button, the link strip, a private draw sent to a phone). The link screen's own are in ./link-screen.ts, loaded with it. Spanish: ./link.es.ts. */
export const link = englishBlock({
  'link.open': 'Link devices',
  'link.strip.writer': 'Linked: {n, plural, =0 {no device} one {# device} other {# devices}}',
  'link.strip.replica': 'Following {name}',
  'link.strip.lost': 'Link lost: {names}',
  'link.private': 'Sent to the {side} player’s device.',
  'link.strip.seed': 'Your secret for the seed is asked: open this',
  'link.strip.auditWait':
    'The audit of a hidden cup waits for the agreement of: {names} (each in the Cups tool on their phone)',
  'link.strip.jointWait': 'The roll waits for: {names}',
  'link.strip.jointRefused': 'A value from {name} was refused',
});
