/**
 * A player's phone's sealed values (issue #33, src/engine/sealed.ts): what its player typed in
 * private (EastFront's blocks entered hidden) stays on this phone with a random salt — in memory
 * and in the device's own storage (the link manager's keep, like the hidden cups' secrets), so a
 * reload keeps it — and the table gets only the commitment and the count. When the table calls for
 * a value this phone holds (a battle activated, 7.14), the phone sends its reveal by itself; every
 * device checks it against the commitment.
 *
 * If the phone's storage is lost, what it sealed is lost with it: the table can never read it, and
 * says so (the round waits, naming the side); the players enter the battle again in the open.
 */
import { sealCommitment, sealedCount, type Action, type Json, type LogEntry, type SessionState } from '../engine';

/** Where the phone keeps its sealed values: one record, by game then by id. */
export const SEALED_KEY = 'wc-sealed';

interface Held {
  readonly side: string;
  readonly value: Json;
  readonly salt: string;
}
type Kept = Record<string, Record<string, Held>>;

/** The device's storage (the link manager's Keep; declared here so neither imports the other). */
export interface SealedKeep {
  get(key: string): string | null;
  set(key: string, value: string): void;
}

export interface SealedPhoneHost {
  readonly keep?: SealedKeep;
  /** The game followed here and the side this phone holds (absent: not a player's phone). */
  game(): string | undefined;
  side(): string | undefined;
  state(): SessionState | undefined;
  act(action: Action): Promise<LogEntry | undefined>;
  report(key: string, params: Record<string, string | number>): void;
  randomBytes(n: number): Uint8Array;
}

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

export class SealedPhone {
  private kept: Kept;
  /** Reveals sent and not yet back in the log (one at a time per value). */
  private readonly sending = new Set<string>();

  constructor(private readonly host: SealedPhoneHost) {
    let kept: Kept = {};
    try {
      const raw = JSON.parse(host.keep?.get(SEALED_KEY) ?? '{}') as unknown;
      if (raw && typeof raw === 'object' && !Array.isArray(raw)) kept = raw as Kept;
    } catch {
      kept = {};
    }
    this.kept = kept;
  }

  private save() {
    this.host.keep?.set(SEALED_KEY, JSON.stringify(this.kept));
  }

  /** Seals `value` for `side` (this phone's own side only): kept here, its commitment logged at the table. */
  async seal(kind: string, side: string, value: Json): Promise<LogEntry | undefined> {
    const game = this.host.game();
    if (!game || this.host.side() !== side) {
      this.host.report('sealed.err.noPhone', { side });
      return undefined;
    }
    const salt = hex(this.host.randomBytes(32));
    const id = `${kind}-${side}-${hex(this.host.randomBytes(6))}`;
    this.kept = { ...this.kept, [game]: { ...this.kept[game], [id]: { side, value, salt } } };
    this.save();
    return this.host.act({
      type: 'sealed.commit',
      id,
      side,
      commitment: sealCommitment(value, salt),
      n: sealedCount(value),
    });
  }

  /** The value this phone sealed under `id` in the game followed here. */
  held(id: string): Json | undefined {
    const game = this.host.game();
    return game ? this.kept[game]?.[id]?.value : undefined;
  }

  /**
   * After the log moved: sends the reveal of every value held here that the table called for and
   * that is not shown yet. A value shown stays kept (it is public then): if its reveal is undone, the
   * next call is answered again.
   */
  follow(): void {
    const game = this.host.game();
    const sealed = this.host.state()?.sealed;
    const mine = game ? this.kept[game] : undefined;
    if (!game || !mine || !sealed) return;
    for (const [id, h] of Object.entries(mine)) {
      const s = sealed[id];
      if (s?.called && !s.revealed && !this.sending.has(id)) {
        this.sending.add(id);
        void this.host
          .act({ type: 'sealed.reveal', id, value: h.value, salt: h.salt })
          .finally(() => this.sending.delete(id));
      }
    }
  }
}
