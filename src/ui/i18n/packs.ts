import { englishBlock } from './define';

/** Messages of game packs (issue #16): the home screen's list (the editor's are in ./editor). Spanish: ./packs.es.ts. */
export const packs = englishBlock({
  'packs.title': 'Game packs',
  'packs.help': 'Your own printed games: cups, dice and charts made in the app or imported from a file.',
  'packs.none': 'No game pack on this device yet.',
  'packs.import': 'Import a pack',
  'packs.new': 'Make a pack',
  'packs.export': 'Export',
  'packs.edit': 'Edit',
  'packs.delete': 'Delete',
  'packs.byline': 'version {version} · {author}',
  'packs.bylineTwin': 'version {version} · {author} · #{hash}',
  'packs.confirmDelete':
    'Delete the pack “{name}”? Games in progress keep the version they started with and still open; to start new games, import the pack again.',
  'packs.deleted': 'Pack “{name}” deleted.',
  'packs.imported': 'Pack “{name}” imported.',
  'packs.updated': 'Pack “{name}” updated from version {from}; games in progress keep their version.',
  'packs.invalid': 'This pack was not imported: nothing changed.',
  'packs.unavailable': 'This browser cannot store game packs.',
});
