import type { SpanishOf } from './define';
import type { link } from './link';

/** The Spanish of ./link.ts: it loads for a player who reads Spanish (src/ui/i18n/index.ts loadLanguage). */
export const es: SpanishOf<typeof link> = {
  'link.open': 'Enlazar dispositivos',
  'link.strip.writer': 'Enlazado: {n, plural, =0 {ningún dispositivo} one {# dispositivo} other {# dispositivos}}',
  'link.strip.replica': 'Siguiendo a {name}',
  'link.strip.lost': 'Enlace perdido: {names}',
  'link.private': 'Enviado al dispositivo del jugador {side}.',
  'link.strip.seed': 'Se pide tu secreto para la semilla: abre aquí',
  'link.strip.auditWait':
    'La auditoría de un recipiente oculto espera el acuerdo de: {names} (cada uno en Recipientes, en su móvil)',
  'link.strip.jointWait': 'La tirada espera a: {names}',
  'link.strip.jointRefused': 'Se rechazó un valor de {name}',
};
