// A small chit-pull pack as a player would make it in the editor: 8 HQ chits, a 2d6 CRT with 6
// columns, its cells typed in (test values, not any rulebook's).
import { fromTemplate } from '../../src/packs/templates';
import type { Pack } from '../../src/packs/format';

const CODES = ['AE', 'AR', 'NE', 'EX', 'DR', 'DE'] as const;

export function chitPullPack(version = '1'): Pack {
  const p = fromTemplate('chit-pull', 'my-game', { en: 'My Game', es: 'Mi juego' });
  const crt = p.tables.find((t) => t.id === 'crt')!;
  const cells = crt.cells.map((row, r) =>
    row.map((_, c) => CODES[Math.min(5, Math.max(0, Math.floor((r + c * 2) / 3)))]!),
  );
  return {
    ...p,
    manifest: { ...p.manifest, version, author: 'Tester' },
    tables: p.tables.map((t) => (t.id === 'crt' ? { ...t, status: 'complete' as const, cells } : t)),
  };
}

/** A deep copy to break on purpose. */
export const clone = (p: Pack): Record<string, any> => JSON.parse(JSON.stringify(p));
