/**
 * Errors the engine raises for bad input. Each has a stable code and parameters so the UI can
 * say it in the player's language (src/ui/i18n.ts has a message per code).
 */
export type EngineErrorCode =
  | 'dice-spec'
  | 'manual-count'
  | 'manual-face'
  | 'manual-not-integer'
  | 'strength'
  | 'no-column'
  | 'off-table'
  | 'table-incomplete'
  | 'unknown-table'
  | 'unknown-row'
  | 'cup-empty'
  | 'unknown-cup'
  | 'unknown-chit'
  | 'chit-not-in-cup'
  | 'look-count'
  | 'nothing-to-undo'
  | 'bad-action'
  /** A die-roll modifier or a column shift outside the bounds any chart needs (params.value, min, max). */
  | 'modifier-range'
  | 'shift-range'
  /** A streak cap outside 1 to CAP_MAX (params.value, min, max). */
  | 'cap-range'
  /** A chart the players type in is not ready or not valid: params.key is the message key of the reason. */
  | 'chart'
  /** A procedure the rules do once per occasion was already done (params.procedure); re-roll needs a reason. */
  | 'once'
  /** A re-roll was asked for with no reason. */
  | 'reroll-reason'
  /** A game procedure refused its input: params.key is the message key of the reason (src/ui/i18n). */
  | 'procedure'
  /** A table or CRT step names dice that are not the table's (params.table, dice, expected): the game decides them. */
  | 'table-dice'
  /** A free roll of custom faces the game's data does not define (params.dice). */
  | 'custom-die'
  /** An undo step names steps other than those standing from its first one on. */
  | 'undo-steps'
  /** Joint randomness (issue #33): the step draws randomness and no device's values were given for it. */
  | 'joint-needed'
  /** The game's seed is public (joint.ts jointOnly), or the game went joint: a step that draws randomness needs the joint set. */
  | 'joint-only'
  /** Values were given for a step that draws no randomness, or with no joint set. */
  | 'joint-unneeded'
  /** A device's value is not the next of its chain (params.name): a lying reveal. */
  | 'joint-reveal'
  /** The values are not one from each device of the joint set (params.names). */
  | 'joint-devices'
  /** A phase step names no phase of this turn's sequence of play (params.index, count). */
  | 'phase'
  /** A procedure the current phase does not offer (params.procedure, phase, rule): it needs the players' reason. */
  | 'sequence'
  /** A step out of the sequence of play was asked for with no reason. */
  | 'sequence-reason'
  /** A hidden cup's step refused (issue #33): params.key is the message key of the reason. */
  | 'hidden';

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    readonly params: Record<string, string | number> = {},
    message?: string,
  ) {
    super(message ?? `${code} ${JSON.stringify(params)}`);
    this.name = 'EngineError';
  }
}
