import type { SpanishOf } from './define';
import type { packs } from './packs';

/** The Spanish of ./packs.ts: it loads for a player who reads Spanish (src/ui/i18n/index.ts loadLanguage). */
export const es: SpanishOf<typeof packs> = {
  'packs.title': 'Paquetes de juego',
  'packs.help':
    'Tus propios juegos impresos: recipientes, dados y tablas hechos en la aplicación o importados de un archivo.',
  'packs.none': 'Aún no hay paquetes de juego en este dispositivo.',
  'packs.import': 'Importar un paquete',
  'packs.new': 'Crear un paquete',
  'packs.export': 'Exportar',
  'packs.edit': 'Editar',
  'packs.delete': 'Borrar',
  'packs.byline': 'versión {version} · {author}',
  'packs.bylineTwin': 'versión {version} · {author} · #{hash}',
  'packs.confirmDelete':
    '¿Borrar el paquete «{name}»? Las partidas en curso conservan la versión con que empezaron y se siguen abriendo; para empezar otras, importe de nuevo el paquete.',
  'packs.deleted': 'Paquete «{name}» borrado.',
  'packs.imported': 'Paquete «{name}» importado.',
  'packs.updated': 'Paquete «{name}» actualizado desde la versión {from}; las partidas en curso conservan la suya.',
  'packs.invalid': 'Este paquete no se ha importado: no ha cambiado nada.',
  'packs.unavailable': 'Este navegador no puede guardar paquetes de juego.',
};
