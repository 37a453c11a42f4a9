/**
 * The Spanish of the first download's blocks (./common.ts, ./packs.ts, ./link.ts): one chunk, loaded
 * once for a player who reads Spanish (./index.ts loadLanguage); an English player never loads it.
 */
export { es as common } from './common.es';
export { es as packs } from './packs.es';
export { es as link } from './link.es';
