import { defineMessages } from './define';

/** Messages of game packs (issue #16): the home screen's list (the editor's are in ./editor). */
export const packs = defineMessages({
  en: {
    'packs.title': 'Game packs',
    'packs.help': 'Your own printed games: cups, dice and charts made in the app or imported from a file.',
    'packs.none': 'No game pack on this device yet.',
    'packs.import': 'Import a pack',
    'packs.new': 'Make a pack',
    'packs.export': 'Export',
    'packs.edit': 'Edit',
    'packs.delete': 'Delete',
    'packs.byline': 'version {version} · {author}',
    'packs.confirmDelete':
      'Delete the pack “{name}”? Games in progress keep the version they started with and still open; to start new games, import the pack again.',
    'packs.deleted': 'Pack “{name}” deleted.',
    'packs.imported': 'Pack “{name}” imported.',
    'packs.updated': 'Pack “{name}” updated from version {from}; games in progress keep their version.',
    'packs.invalid': 'This pack was not imported: nothing changed.',
    'packs.unavailable': 'This browser cannot store game packs.',
  },
  es: {
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
    'packs.confirmDelete':
      '¿Borrar el paquete «{name}»? Las partidas en curso conservan la versión con que empezaron y se siguen abriendo; para empezar otras, importe de nuevo el paquete.',
    'packs.deleted': 'Paquete «{name}» borrado.',
    'packs.imported': 'Paquete «{name}» importado.',
    'packs.updated': 'Paquete «{name}» actualizado desde la versión {from}; las partidas en curso conservan la suya.',
    'packs.invalid': 'Este paquete no se ha importado: no ha cambiado nada.',
    'packs.unavailable': 'Este navegador no puede guardar paquetes de juego.',
  },
});
