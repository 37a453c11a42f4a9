// A game driven through the real session log (apply, one step at a time), shared by the game test
// files: each sets up its context (tables, procedures, readings, charts) and adds what it needs.
import { expect } from 'vitest';
import {
  apply,
  EngineError,
  initialState,
  newSession,
  parse,
  ScenarioSchema,
  TableSchema,
  type Action,
  type GameContext,
  type LogEntry,
  type ProcedureOutcome,
  type ScenarioData,
  type Schema,
  type Session,
  type SessionSettings,
  type SessionState,
  type TableData,
} from '../../../src/engine';
import { explain } from '../../../src/ui/explain';
import { translate as t, use } from '../../../src/ui/i18n';
import { GAME_MESSAGES, rawKeys } from '../../message-keys';

// Every game's messages, so that each step below is explained as a player reads it.
use(...GAME_MESSAGES);

/**
 * No raw message key in what a step shows (issue #28 item 8): every procedure step a game test runs
 * is explained in both languages (its first line, headline, summary, Why and announcement), and every
 * refusal said, and the text is checked against every prefix of the catalogs' keys.
 */
function noRawKey(what: string, texts: readonly (string | undefined)[]): void {
  const raw = rawKeys(texts.filter(Boolean).join(' \n '));
  if (raw.length) throw new Error(`${what} shows raw message keys: ${raw.join(', ')}`);
}

/** The files of an `import.meta.glob` of JSON files that pass `schema`, by id (the data tests check every file). */
function byId<T extends { id: string }>(schema: Schema<T>, files: Record<string, unknown>): Map<string, T> {
  const found = new Map<string, T>();
  for (const v of Object.values(files)) {
    const r = parse(schema, v);
    if (r.ok) found.set(r.value.id, r.value);
  }
  return found;
}

/** The tables of an `import.meta.glob` of JSON files, by id. */
export const tablesOf = (files: Record<string, unknown>): Map<string, TableData> => byId(TableSchema, files);

/** The scenarios of an `import.meta.glob` of JSON files, by id. */
export const scenariosOf = (files: Record<string, unknown>): Map<string, ScenarioData> => byId(ScenarioSchema, files);

export interface GameMeta {
  readonly game: string;
  readonly scenario: string;
  readonly seed: string;
  readonly settings?: Partial<SessionSettings>;
}

/** Where a test file collects every message key its steps and refusals used (checked against the catalog). */
export interface KeyRecorder {
  readonly seen: Set<string>;
  /** Which parameter values are message keys too (e.g. `/^bo\.[a-z]/`). */
  readonly isKey: (v: unknown) => v is string;
}

export class GameHarness {
  session: Session;
  state: SessionState;
  constructor(
    public ctx: GameContext,
    meta: GameMeta,
    private readonly keys?: KeyRecorder,
  ) {
    this.session = newSession({
      id: 's',
      game: meta.game,
      scenario: meta.scenario,
      name: 'x',
      seed: meta.seed,
      createdAt: 'now',
      ...(meta.settings ? { settings: meta.settings } : {}),
    });
    this.state = initialState(this.session, ctx.scenario);
  }
  /** Applies one step to the log, as the store does. */
  act(action: Action): LogEntry {
    let r;
    try {
      r = apply(this.session, this.state, action, this.ctx);
    } catch (e) {
      if (this.keys && e instanceof EngineError && this.keys.isKey(e.params['key']))
        this.keys.seen.add(e.params['key']);
      if (e instanceof EngineError && e.code === 'procedure')
        for (const lang of ['en', 'es'] as const)
          noRawKey(`The refusal ${String(e.params['key'])} (${lang})`, [
            t(lang, String(e.params['key']), e.params as Record<string, string | number>),
          ]);
      throw e;
    }
    this.session = r.session;
    this.state = r.state;
    const o = r.entry.outcome;
    if (o.kind === 'procedure')
      for (const lang of ['en', 'es'] as const) {
        const x = explain(lang, o, {
          tables: this.ctx.tables,
          ...(this.ctx.scenario ? { scenario: this.ctx.scenario } : {}),
        });
        noRawKey(`The step ${o.id} (${lang})`, [x.read, x.headline, x.summary, ...x.lines, x.announcement]);
      }
    if (this.keys && o.kind === 'procedure')
      for (const l of [o.headline, ...o.lines]) {
        this.keys.seen.add(l.key);
        for (const v of Object.values(l.params ?? {})) if (this.keys.isKey(v)) this.keys.seen.add(v);
      }
    return r.entry;
  }
  /** Runs a game procedure (`manual`: the faces of real dice typed in, one group per roll). */
  run(id: string, input: object, manual?: number[][]): ProcedureOutcome {
    this.keys?.seen.add(`proc.${id}`);
    return this.act({ type: 'procedure', id, input: input as never, ...(manual ? { manual } : {}) })
      .outcome as ProcedureOutcome;
  }
  /** The message key of the reason a procedure is refused (or the engine's error code); fails if it is not refused. */
  refused(id: string, input: object, manual?: number[][]): string {
    try {
      this.run(id, input, manual);
    } catch (e) {
      expect(e).toBeInstanceOf(EngineError);
      return String((e as EngineError).params['key'] ?? (e as EngineError).code);
    }
    throw new Error('expected a refusal');
  }
  endTurn() {
    this.act({ type: 'end-turn' });
  }
  toTurn(n: number) {
    while (this.state.turn < n) this.endTurn();
  }
}
