/**
 * The built-in games as the home screen lists them: each one's id and name, taken from
 * tables/<game>/game.json at build time (vite.config.ts gameList). The rest of the catalog — every
 * game's data, and the loaders of its tables — loads with a game (issue #14).
 */
import list from 'virtual:wc-game-list';

export const gameList: readonly { readonly id: string; readonly name: { readonly en: string; readonly es: string } }[] =
  list;
