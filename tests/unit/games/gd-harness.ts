// A Grossdeutschland game driven through the real session log, recording every message key its
// steps use (each test file checks its keys against the catalog). Shared by the GD test files.
import {
  apply,
  EngineError,
  initialState,
  newSession,
  type Action,
  type GameContext,
  type LogEntry,
  type ProcedureOutcome,
  type Session,
  type SessionSettings,
  type SessionState,
} from '../../../src/engine';

export class GdSession {
  session: Session;
  state: SessionState;
  constructor(
    public ctx: GameContext,
    private readonly seen: Set<string>,
    private readonly isKey: (v: unknown) => v is string,
    opts: { seed?: string; settings?: Partial<SessionSettings> } = {},
  ) {
    this.session = newSession({
      id: 's',
      game: 'grossdeutschland',
      scenario: ctx.scenario?.id ?? 'gd-kursk',
      name: 'x',
      seed: opts.seed ?? 'gd',
      createdAt: 'now',
      ...(opts.settings ? { settings: opts.settings } : {}),
    });
    this.state = initialState(this.session, ctx.scenario);
  }
  act(action: Action): LogEntry {
    try {
      const r = apply(this.session, this.state, action, this.ctx);
      this.session = r.session;
      this.state = r.state;
      const o = r.entry.outcome;
      if (o.kind === 'procedure')
        for (const l of [o.headline, ...o.lines]) {
          this.seen.add(l.key);
          for (const p of Object.values(l.params ?? {})) if (this.isKey(p)) this.seen.add(p);
        }
      return r.entry;
    } catch (e) {
      if (e instanceof EngineError && this.isKey(e.params['key'])) this.seen.add(e.params['key']);
      throw e;
    }
  }
  run(id: string, input: object, manual?: number[][]): ProcedureOutcome {
    this.seen.add(`proc.${id}`);
    return this.act({ type: 'procedure', id, input: input as never, ...(manual ? { manual } : {}) })
      .outcome as ProcedureOutcome;
  }
  endTurn() {
    this.act({ type: 'end-turn' });
  }
}
