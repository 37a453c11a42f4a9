/**
 * Test harness for components: a real game (session and state advanced by the engine's apply) behind a
 * fake store whose `act`, `undo` and `report` are vi.fn spies. By default `act` runs the step for real
 * and resolves to its log entry, as the app's store does (undefined, with a problem reported, when the
 * engine refuses it); a test may make it resolve to anything else with mockResolvedValueOnce.
 */
import { beforeAll, vi } from 'vitest';
import type { AppState, Current, Lang, PanelHost, Problem, Store } from '../../../src/app/store';
import {
  apply,
  EngineError,
  initialState,
  newSession,
  undo as undoSteps,
  type Action,
  type Context,
  type GameContext,
  type LogEntry,
  type ScenarioData,
  type Session,
  type SessionState,
} from '../../../src/engine';
import { loadGame, type GameBundle } from '../../../src/data/catalog';
import { gameContext } from '../../../src/data/context';
import { loadGameMessages } from '../../../src/ui/i18n';
import { forgetPlaces } from '../../../src/ui/where-you-were';
import { rawKeys as rawKeysIn } from '../../message-keys';

export interface FakeGame {
  readonly store: Store;
  readonly act: ReturnType<typeof vi.fn<(a: Action, c?: Context) => Promise<LogEntry | undefined>>>;
  readonly undo: ReturnType<typeof vi.fn<(seq?: number) => Promise<void>>>;
  readonly report: ReturnType<typeof vi.fn<(p: Problem) => void>>;
  readonly updateSettings: ReturnType<typeof vi.fn>;
  /** The game as it stands now. */
  current(): Current;
  /** Runs a step directly (to set up a game before mounting), as the store would. */
  step(action: Action, context?: Context): LogEntry;
  /** Components whose `current` follows the game after each step. */
  bind(el: { current: Current }): void;
  /** The state the store publishes (tests may change lang, side or busy). */
  app: { lang: Lang; side?: string; busy: boolean };
}

/** What fakeGame builds a game from: a game's bundle, one scenario's id and that scenario's context. */
export interface LoadedGame {
  bundle: GameBundle;
  ctx: GameContext;
  scenario: string;
}

/** For a test file's top level: `game`'s messages, bundle and `scenario`'s context, loaded before its tests. */
export function loadGameBeforeAll(game: string, scenario: string): LoadedGame {
  const loaded = { scenario } as LoadedGame;
  beforeAll(async () => {
    await loadGameMessages(game);
    loaded.bundle = await loadGame(game);
    loaded.ctx = await gameContext(loaded.bundle, scenario);
  });
  return loaded;
}

export function fakeGame(opts: {
  bundle: GameBundle;
  ctx: GameContext;
  scenario?: string;
  lang?: Lang;
  side?: string;
  seed?: string;
}): FakeGame {
  // A new fake game keeps no place from an earlier test (src/ui/where-you-were.ts; every fake game is 's').
  forgetPlaces('s');
  // A new game has no forms typed in: the drafts of the last test's game (same id) go (src/ui/form-drafts.ts).
  globalThis.sessionStorage?.clear();
  let session = newSession({
    id: 's',
    game: opts.bundle.game.id,
    scenario: opts.scenario ?? opts.ctx.scenario?.id ?? 'test',
    name: 'test',
    seed: opts.seed ?? 'components',
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  let state = initialState(session, opts.ctx.scenario);
  const bound: { current: Current }[] = [];
  const listeners = new Set<(s: AppState) => void>();
  const app: FakeGame['app'] = { lang: opts.lang ?? 'en', busy: false, ...(opts.side ? { side: opts.side } : {}) };
  const current = (): Current => ({
    session,
    state,
    bundle: opts.bundle,
    ctx: opts.ctx,
    readOnly: false,
    complete: true,
  });
  const publish = () => {
    const c = current();
    for (const el of bound) el.current = c;
    for (const l of listeners) l(store.getState());
  };
  const step = (action: Action, context?: Context): LogEntry => {
    const where: Context = { turn: state.turn, ...(app.side ? { side: app.side } : {}), ...context };
    const r = apply(session, state, action, opts.ctx, { at: '2026-01-01T10:00:00.000Z', context: where });
    session = r.session;
    state = r.state;
    return r.entry;
  };
  const report = vi.fn<(p: Problem) => void>();
  const act = vi.fn(async (action: Action, context?: Context): Promise<LogEntry | undefined> => {
    try {
      const e = step(action, context);
      publish();
      return e;
    } catch (err) {
      if (!(err instanceof EngineError)) throw err;
      // As the app's store: a step refused once per occasion or out of its phase may be made anyway, with a reason.
      const again =
        err.code === 'once' || err.code === 'sequence' ? { reroll: { action, ...(context ? { context } : {}) } } : {};
      report({ key: `error.${err.code}`, params: err.params, ...again });
      return undefined;
    }
  });
  const undo = vi.fn(async (seq?: number) => {
    const r = undoSteps(session, opts.ctx, seq);
    session = r.session;
    state = r.state;
    publish();
  });
  const store = {
    getState: () => ({ ...app, current: current(), prefs: { wakeLock: false, vibrate: false, sound: false } }),
    subscribe: (l: (s: AppState) => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    act,
    undo,
    report,
    updateSettings: vi.fn(async () => undefined),
  } as unknown as Store;
  return {
    store,
    act,
    undo,
    report,
    updateSettings: (store as unknown as { updateSettings: ReturnType<typeof vi.fn> }).updateSettings,
    current,
    step,
    bind: (el) => bound.push(el),
    app,
  };
}

/**
 * The page's banner as the app's store keeps it (problemOf, src/app/store-types.ts): a refused step's
 * problem is published in the store's state (a procedure's refusal as its own message key) until
 * `dismissProblem`. Returns what the banner shows now.
 */
export function publishProblems(g: FakeGame): () => Problem | undefined {
  const app = g.app as FakeGame['app'] & { problem?: Problem };
  g.report.mockImplementation((p) => {
    app.problem = p.key === 'error.procedure' ? { ...p, key: String(p.params!['key']) } : p;
  });
  Object.assign(g.store, { dismissProblem: vi.fn(() => delete app.problem) });
  return () => app.problem;
}

/** Grossdeutschland's two sides, as its game bundle names them. */
export const GD_SIDES = [
  { id: 'german', name: { en: 'German', es: 'Alemán' } },
  { id: 'soviet', name: { en: 'Soviet', es: 'Soviético' } },
];

/** A game for a still store: its session and state, which `step` advances with the engine's apply. */
export interface SteppedGame {
  session: Session;
  state: SessionState;
  step(action: Action, meta?: { at?: string; context?: Context }): void;
}

/**
 * A new session "x" (id s, created 'now' unless told) of `meta`'s game and scenario from its seed,
 * at the initial state of `scenario` (none unless given).
 */
export function steppedGame(
  ctx: GameContext,
  meta: { game: string; scenario: string; seed: string; createdAt?: string },
  scenario?: ScenarioData,
): SteppedGame {
  const session = newSession({ id: 's', name: 'x', createdAt: 'now', ...meta });
  const g: SteppedGame = {
    session,
    state: initialState(session, scenario),
    step(action, stepMeta) {
      ({ session: g.session, state: g.state } = apply(g.session, g.state, action, ctx, stepMeta));
    },
  };
  return g;
}

/** What a component reads of a loaded game (not read-only, complete); the bundle names GD's sides unless told. */
export function currentOf(
  g: { session: Session; state: SessionState },
  ctx: GameContext,
  bundle: object = { game: { sides: GD_SIDES } },
): Current {
  return { session: g.session, state: g.state, bundle, ctx, readOnly: false, complete: true } as unknown as Current;
}

/** A store that publishes `state()` and never calls back, with the spies (act, report…) given. */
export function stillStore(state: () => object, spies: Record<string, unknown> = {}): Store {
  return { getState: state, subscribe: () => () => undefined, ...spies } as unknown as Store;
}

/** Appends an element to the page with its properties set, and waits for it (and its children) to render. */
export async function mount<T extends HTMLElement & { updateComplete: Promise<boolean> }>(
  tag: string,
  props: Partial<T>,
): Promise<T> {
  const el = Object.assign(document.createElement(tag), props) as T;
  document.body.append(el);
  await settle(el);
  return el;
}

/**
 * A game's turn panel (`tag`) on a fake game, following it after each step; its shadow root, its
 * phase tracker's buttons and the one marked as the current phase.
 */
export async function mountPanel<
  T extends HTMLElement & { updateComplete: Promise<boolean>; current: Current; store: PanelHost; physical: boolean },
>(g: FakeGame, tag: string, physical: boolean) {
  const el = await mount<T>(tag, { store: g.store as PanelHost, current: g.current(), physical } as Partial<T>);
  g.bind(el);
  const r = el.shadowRoot!;
  // The phase tracker: the panel's first nav (a phase's own steps, if any, come in a second one).
  const tracker = () => [...r.querySelectorAll<HTMLButtonElement>('nav:first-of-type button')];
  const currentPhase = () => tracker().filter((b) => b.getAttribute('aria-current') === 'step');
  return { el, r, tracker, currentPhase };
}

/** Appends an element with its properties set, collecting every `event` it fires; waits for its first render. */
export async function mountCollecting<T extends HTMLElement & { updateComplete: Promise<boolean> }, E extends Event>(
  tag: string,
  props: Partial<T>,
  event: string,
): Promise<{ el: T; events: E[] }> {
  const el = Object.assign(document.createElement(tag), props) as T;
  const events: E[] = [];
  el.addEventListener(event, (e) => events.push(e as E));
  document.body.append(el);
  await el.updateComplete;
  return { el, events };
}

type Drawn = HTMLElement & { updateComplete: Promise<boolean>; isUpdatePending?: boolean };

/** An element and every custom element inside its shadow root, theirs included, at any depth. */
function drawnTree(el: HTMLElement): Drawn[] {
  const found: Drawn[] = [];
  const walk = (node: Element) => {
    if ('updateComplete' in node) found.push(node as Drawn);
    for (const child of node.shadowRoot?.querySelectorAll('*') ?? []) walk(child);
  };
  walk(el);
  return found;
}

/**
 * Waits until an element and the Lit elements in its shadow roots (at any depth) have rendered: each
 * pass waits for every one's `updateComplete`, then a macrotask (a store's publish, a step's result);
 * at least five passes, as before, then until none has an update pending. (It waited five times per
 * level of nesting before, each level again: EastFront's tools inside its panel took seconds.)
 */
export async function settle(el: HTMLElement & { updateComplete?: Promise<boolean> }): Promise<void> {
  for (let pass = 0; pass < 50; pass++) {
    const tree = drawnTree(el);
    if (pass >= 5 && !tree.some((c) => c.isUpdatePending === true)) return;
    await Promise.all(tree.map((c) => c.updateComplete));
    await new Promise((r) => setTimeout(r, 0));
  }
}

/** Types into an input as a person would (its value, then an input event). */
export function type(input: HTMLInputElement, text: string, event: 'input' | 'change' = 'input'): void {
  input.value = text;
  input.dispatchEvent(new Event(event, { bubbles: true }));
}

/** The visible text of an element, its shadow roots included, with whitespace collapsed. */
export function textOf(node: Node): string {
  const parts: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === 3) parts.push(n.textContent ?? '');
    const root = (n as Element).shadowRoot;
    if (root) for (const c of root.childNodes) walk(c);
    if ((n as Element).tagName === 'STYLE') return;
    for (const c of n.childNodes) walk(c);
  };
  walk(node);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** The labels of buttons (their text, trimmed), in order. */
export const labelsOf = (buttons: readonly HTMLElement[]): string[] => buttons.map((b) => b.textContent!.trim());

/** The button whose text is exactly `label`, in a root. */
export function button(root: ParentNode, label: string): HTMLButtonElement {
  const b = [...root.querySelectorAll('button')].find((x) => x.textContent!.replace(/\s+/g, ' ').trim() === label);
  if (!b) throw new Error(`No button "${label}"`);
  return b;
}

/**
 * Message keys shown raw instead of their text: key-shaped words (`gd.x`, `side.german`, `x.dice`)
 * that are keys of the catalog or start with a prefix of any catalog's keys (derived from every
 * block and game's messages: tests/message-keys.ts). Empty when every message was translated.
 */
export const rawKeys = (text: string, hasKey: (k: string) => boolean): string[] => rawKeysIn(text, hasKey);

/** What a person does in a component (`el`): each act, then waiting until it has rendered. */
export function actsOn(el: HTMLElement & { updateComplete?: Promise<boolean> }) {
  const changed = async (control: HTMLElement) => {
    control.dispatchEvent(new Event('change'));
    await settle(el);
  };
  return {
    click: async (target: HTMLElement) => {
      target.click();
      await settle(el);
    },
    choose: (select: HTMLSelectElement, value: string) => {
      select.value = value;
      return changed(select);
    },
    tick: (box: HTMLInputElement) => {
      box.checked = true;
      return changed(box);
    },
    fill: async (input: HTMLInputElement, text: string) => {
      type(input, text);
      await settle(el);
    },
  };
}
