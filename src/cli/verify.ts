/**
 * `npm run verify -- game.json [more.json …]`: checks exported game files against the real
 * catalog, the way the app checks an import. Every step is replayed from the seed; the file passes
 * only if every recorded roll, draw and result comes out identical.
 *
 * Loaded by scripts/verify.mjs through Vite's ssrLoadModule (the catalog uses import.meta.glob).
 * Exit codes: 0 every file verifies; 1 a file does not match its replay, is cut short (its steps do
 * not reach the seal it records) or its seed ceremony does not hold; 2 a file is not a game
 * file (missing, not JSON, wrong shape, unknown game or scenario). With several files, the worst.
 * No file can stop the run: whatever goes wrong with one is its line (exit 2), and the files
 * named after it are still checked. A leading byte-order mark is accepted, as the app accepts it.
 */
import { readFile } from 'node:fs/promises';
import { contextForFile } from '../data/context';
import { provideGameRules } from '../data/providers';
import { builtInRules } from '../games/rules-registry';
import { formatIssues, issueMessage, readSessionFile, stripBom, type LogEntry } from '../engine';

export type VerifyCode = 0 | 1 | 2;
export interface VerifyResult {
  readonly code: VerifyCode;
  readonly message: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Verifies the text of one exported file (never throws). */
export async function verifyText(text: string): Promise<VerifyResult> {
  try {
    return await check(text);
  } catch (e) {
    return { code: 2, message: `NOT A GAME FILE: it cannot be checked (${(e as Error)?.message ?? String(e)})` };
  }
}

/**
 * A game started from a game pack that was not given with --pack: named, with the version it needs
 * (a pack version is known by the hash of its content), instead of "not a game file".
 */
async function packNeeded(text: string): Promise<VerifyResult | undefined> {
  let game: unknown;
  try {
    game = (JSON.parse(stripBom(text)) as { session?: { game?: unknown } } | null)?.session?.game;
  } catch {
    return undefined;
  }
  if (typeof game !== 'string') return undefined;
  const [{ packIdOf }, { hasGame }] = await Promise.all([import('../packs/format'), import('../data/catalog')]);
  const pack = packIdOf(game);
  if (!pack || (await hasGame(game))) return undefined;
  const hash = game.slice(pack.length + 1);
  return {
    code: 2,
    message: `NEEDS ITS GAME PACK: this game was played with the game pack "${pack}", the version whose content hash is ${hash}. Give that pack's file too: npm run verify -- --pack <${pack} pack.json> <game file>.`,
  };
}

async function check(text: string): Promise<VerifyResult> {
  const needed = await packNeeded(text);
  if (needed) return needed;
  const r = readSessionFile(text, await contextForFile(stripBom(text)), { withoutSeed: 'chain' });
  if (!r.ok) {
    const step = r.issues.map((i) => /\(step (\d+)\)$/.exec(i.path)).find(Boolean);
    if (step) return { code: 1, message: `MISMATCH at step ${step[1]}: ${issueMessage(r.issues[0]!)}` };
    const seal = r.issues.find((i) => i.code === 'cut-short' || i.code === 'seal-mismatch');
    if (seal)
      return { code: 1, message: `${seal.code === 'cut-short' ? 'CUT SHORT' : 'MISMATCH'}: ${issueMessage(seal)}` };
    if (r.issues[0]?.path === '$.session.ceremony')
      return { code: 1, message: `MISMATCH: ${issueMessage(r.issues[0])}` };
    return { code: 2, message: `NOT A GAME FILE: ${formatIssues(r.issues).replace(/\n/g, '; ')}` };
  }
  const v = r.verification;
  // Hidden cups (issue #33): each reveal is the card drawn, proven; the chits still hidden stay ciphertexts.
  const { hasHidden, checkHiddenLog } = await import('../link/hidden-cup/verify');
  const hidden = hasHidden(r.session.log) ? await checkHiddenLog(r.session.log) : undefined;
  if (hidden && !hidden.ok)
    return {
      code: 1,
      message: `MISMATCH at step ${hidden.seq}: ${
        hidden.why === 'deck'
          ? `a hidden cup deal holds a card twice, or a value that is not a point (the ${hidden.side} side shuffled it)`
          : hidden.why === 'keep'
            ? `the hidden chit kept face down is not proven one of its cup's chits that may be kept (the proof of the ${hidden.side ?? '?'} side does not hold)`
            : hidden.why === 'refill'
              ? `a hidden cup's refill from its discard pile: the deck of the ${hidden.side ?? '?'} side is not signed by its phone, or holds a card twice`
              : hidden.why === 'auditOpened'
                ? `the audit of a hidden cup shows card ${hidden.card ?? '?'} as a chit the phones' secrets do not open it to (the table wrote that step)`
                : hidden.why === 'audit'
                  ? `the audit of a hidden cup: the ${hidden.side ?? '?'} side's phone did not follow the protocol (${hidden.what ?? ''})`
                  : `the hidden chit shown is not the card drawn (the proof of the ${hidden.side ?? '?'} side does not hold)`
      }`,
    };
  const hiddenNote = hidden?.ok
    ? [
        `${plural(hidden.revealed, 'hidden chit shown is', 'hidden chits shown are')} the card drawn, each proven; ${plural(hidden.hidden, 'chit drawn stays', 'chits drawn stay')} hidden (ciphertexts only)${hidden.kept ? `; ${plural(hidden.kept, 'chit kept face down is', 'chits kept face down are')} proven one of its cup's chits that may be kept` : ''}${hidden.audited ? `; ${plural(hidden.audited, 'shuffle audited', 'shuffles audited')} from the phones' secrets: every deck and unlock honest` : ''}`,
      ]
    : [];
  // Sealed values (issue #33): each reveal was checked against its commitment on replay; one never
  // shown is said, never guessed.
  const sealedNote = sealedNotes(r.session.log);
  const asWritten = v.marksAsWritten
    ? [
        `${plural(v.marksAsWritten, 'undone step', 'undone steps')} made before undo was a step of the chain keep their marks as written`,
      ]
    : [];
  if (v.chainOnly) {
    const notes = [
      ...asWritten,
      ...hiddenNote,
      ...sealedNote,
      ...(v.linksUnchecked
        ? [
            `${plural(v.linksUnchecked, 'link', 'links')} after steps made before the file left out random states taken as written`,
          ]
        : []),
    ];
    const end = v.sealUnchecked
      ? `its last step was made before the file left out random states, so where the log ends (fingerprint ${v.seal!.fingerprint}, step ${v.seal!.steps}) cannot be checked without the seed`
      : `the log ends at fingerprint ${v.seal!.fingerprint} (step ${v.seal!.steps})`;
    return {
      code: 0,
      message: `OK WITHOUT THE SEED: the file leaves the seed out (its commitment: ${v.chainOnly.slice(0, 16)}) and every random state, so nothing in it predicts a roll; its ${plural(r.session.log.length, 'step is', 'steps are')} chained, every undo mark matches the undo steps, and ${end}${notes.length ? ` (${notes.join('; ')})` : ''}. Not checked until the seed is revealed: the dice, draws and results, and that each step starts from the random state the step before it left. The file exported with the seed verifies them.`,
    };
  }
  const undone = r.session.log.filter((e) => e.undone).length;
  const undoSteps = r.session.log.filter((e) => e.action.type === 'undo').length;
  const notes: string[] = [
    ...(v.manual ? [`${plural(v.manual, 'step', 'steps')} typed in by hand`] : []),
    ...(undone ? [`${plural(undone, 'undone step', 'undone steps')} checked too`] : []),
    ...(undoSteps ? [`${plural(undoSteps, 'undo step matches', 'undo steps match')} the marks`] : []),
    ...asWritten,
    ...hiddenNote,
    ...sealedNote,
  ];
  const head =
    v.random === 0
      ? `OK: all ${plural(v.checked, 'step replays', 'steps replay')} from the seed (no rolls or draws)`
      : v.random === 1
        ? `OK: the 1 roll or draw matches ${v.joint ? 'its replay' : 'the seed'}`
        : `OK: all ${v.random} rolls and draws match ${v.joint ? 'their replay' : 'the seed'}`;
  if (v.ceremony) notes.push('the seed was made by both players, every contribution matches its commitment');
  if (v.joint) {
    notes.push(
      `${plural(v.joint.steps, 'roll or draw was', 'rolls and draws were')} made from the values of ${v.joint.devices.join(', ')} (joint randomness), each value checked against its device's committed chain`,
    );
    if (v.joint.unused)
      notes.push(
        `${plural(v.joint.unused, 'value was', 'values were')} given by a device and never used in a step (a roll asked for and not made)`,
      );
  }
  if (v.unchained) notes.push(`${plural(v.unchained, 'step', 'steps')} stored before the chain`);
  if (v.formerRules)
    notes.push(
      `${plural(v.formerRules, 'step', 'steps')} replayed under the older rules version they were recorded under`,
    );
  if (v.writtenRules?.length)
    notes.push(
      `${v.writtenRules.length === 1 ? 'step' : 'steps'} ${v.writtenRules.join(', ')} recorded under rules the game has corrected since: dice checked, results as written`,
    );
  const end = v.sealed
    ? ` The log ends at fingerprint ${v.seal!.fingerprint} (step ${v.seal!.steps}).`
    : ` The log ends at fingerprint ${v.seal!.fingerprint} (step ${v.seal!.steps}); this file (format 1) records no end, so it cannot show whether it was cut short.`;
  return { code: 0, message: `${head}${notes.length ? ` (${notes.join('; ')})` : ''}.${end}` };
}

/** Verifies one file on disk. */
export async function verifyFile(path: string): Promise<VerifyResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return {
      code: 2,
      message: `NOT A GAME FILE: cannot read ${path}${code === 'ENOENT' ? ' (no such file)' : code ? ` (${code})` : ''}`,
    };
  }
  return verifyText(text);
}

/**
 * Game packs named with `--pack <file>` (src/packs): the games started from them verify here as in
 * the app. A pack that cannot be read is reported and stops the run (exit 2).
 */
async function usePacks(paths: readonly string[], print: (line: string) => void): Promise<boolean> {
  if (!paths.length) return true;
  const [{ readPack, bundleOf, packGameId }, { provideGameSource }] = await Promise.all([
    import('../packs/format'),
    import('../data/catalog'),
  ]);
  const byKey = new Map<string, ReturnType<typeof bundleOf>>();
  for (const path of paths) {
    const r = readPack(await readFile(path, 'utf8').catch(() => ''));
    if (!r.ok) {
      print(`NOT A PACK: ${path}: ${formatIssues(r.issues).replace(/\n/g, '; ')}`);
      return false;
    }
    byKey.set(packGameId(r.value), bundleOf(r.value));
  }
  provideGameSource({ find: async (id) => byKey.get(id) });
  return true;
}

/** Verifies every file named; prints one line per file (prefixed by its name when there are several). Returns the worst code. */
export async function main(args: readonly string[], print: (line: string) => void = console.log): Promise<VerifyCode> {
  // The command line's composition root: the games' rules (DOM-free), never their UI.
  provideGameRules(builtInRules);
  const packs: string[] = [];
  const files: string[] = [];
  for (let k = 0; k < args.length; k++) {
    if (args[k] === '--') continue;
    if (args[k] === '--pack' && args[k + 1] !== undefined) packs.push(args[++k]!);
    else files.push(args[k]!);
  }
  if (!files.length) {
    print('usage: npm run verify -- [--pack <game pack.json> …] <exported game file.json> [more files…]');
    return 2;
  }
  if (!(await usePacks(packs, print))) return 2;
  let worst: VerifyCode = 0;
  for (const f of files) {
    const r = await verifyFile(f).catch((e: unknown): VerifyResult => ({
      code: 2,
      message: `NOT A GAME FILE: ${(e as Error)?.message ?? String(e)}`,
    }));
    print(files.length > 1 ? `${f}: ${r.message}` : r.message);
    worst = Math.max(worst, r.code) as VerifyCode;
  }
  return worst;
}

/** What the file's sealed values say (issue #33): how many were shown and checked, and each never shown, by side and step. */
function sealedNotes(log: readonly LogEntry[]): string[] {
  const standing = log.filter((e) => !e.undone);
  const commits = standing.flatMap((e) => (e.action.type === 'sealed.commit' ? [{ e, a: e.action }] : []));
  if (!commits.length) return [];
  const shown = new Set(standing.flatMap((e) => (e.action.type === 'sealed.reveal' ? [e.action.id] : [])));
  const open = commits.filter((c) => !shown.has(c.a.id));
  const notes = [
    `${plural(commits.length - open.length, 'sealed value shown matches', 'sealed values shown match')} its commitment`,
  ];
  for (const c of open)
    notes.push(
      `the ${c.a.side} side's sealed value of step ${c.e.seq} (${plural(c.a.n, 'item', 'items')}) was never shown: only its commitment is in the file, and it is not guessed`,
    );
  return notes;
}
