/**
 * The English of every issue code (./schema/guard.ts Issue): what logs, the CLI and tests read.
 * The UI says the same codes in the player's language (src/ui/i18n/issues.ts, src/ui/issues.ts),
 * so a code added here without its text there does not compile. Loaded with the engine, not with
 * the home screen (issue #14): the schemas the home screen runs record codes, not English.
 * {name} is a parameter.
 */

export type IssueParams = Record<string, string | number>;
/**
 * What is wrong, and where. `message`: the English (the engine's readers fill it in, see
 * withMessages; a schema leaves it out); `code` and `params`: the same for the UI.
 */
export type Issue = { path: string; message?: string; code?: IssueCode; params?: IssueParams };

export const ISSUE_EN = {
  // The schemas (./schema/guard.ts)
  text: 'expected text, got {got}',
  'min-chars': 'expected at least {min} characters',
  'max-chars': 'expected at most {max} characters',
  pattern: '{value} does not match {pattern}',
  int: 'expected a whole number from {min} to {max}, got {got}',
  number: 'expected a number from {min} to {max}, got {got}',
  boolean: 'expected true or false, got {got}',
  'one-of': 'expected one of {values}, got {got}',
  list: 'expected a list, got {got}',
  'min-items': 'expected at least {min} items',
  'max-items': 'expected at most {max} items',
  object: 'expected an object, got {got}',
  'max-entries': 'expected at most {max} entries, got {n}',
  reserved: 'a reserved name cannot be a key',
  'key-chars': 'a key has at most {max} characters',
  finite: 'expected a finite number',
  json: 'expected JSON data, got {got}',
  nested: 'nested more than {max} deep',
  missing: 'missing',
  'unknown-key': 'unknown key',
  'no-match': 'no alternative matched',
  // A game and its steps (./session-schema.ts)
  'rng-state': 'not a random-number state',
  'unknown-action': 'unknown action {value}',
  timestamp: '{value} is not a date and time',
  sha256: 'not a SHA-256 hash (64 hex digits)',
  // A game file (./session-file.ts)
  'not-json': 'not a JSON file',
  'too-large': 'the file is too large (more than {mb} MB)',
  'too-deep': 'the data is nested more than {max} deep',
  'file-format': 'Unknown file format {format}',
  'without-seed':
    'this file was exported without its seed: its steps can be verified ("Verify a game file"), but it cannot be played — import the file exported with the seed',
  'no-seal': 'the file records no seal: where its log ends cannot be checked',
  'cut-short':
    'cut short: expected fingerprint {expected} (step {expectedStep}), the file ends at {got} (step {gotStep})',
  'seal-mismatch':
    'the steps do not reach the recorded end: expected fingerprint {expected} (step {expectedStep}), the file ends at {got} (step {gotStep})',
  'unknown-game': 'unknown game or scenario "{game}/{scenario}"',
  'not-replayable': 'the game cannot be replayed: {reason}',
  // The seed ceremony (./seed-ceremony.ts checkCeremony): {side} is a side's id, or "device"
  'ceremony-unrevealed': 'the seed ceremony does not hold: the {side} contribution is not revealed',
  'ceremony-commitment':
    'the seed ceremony does not hold: the {side} contribution does not match its commitment {commitment}',
  'ceremony-seed': "the seed ceremony does not hold: the seed is not the one the ceremony's contributions make",
  // The replay of a game's steps (./session-file.ts verifySession) and their chain (./chain.ts)
  order: 'entries are missing or out of order',
  branches: 'the undone steps branch too many ways to be checked',
  'step-error': 'the step cannot be replayed: {reason}',
  result: 'the recorded result differs from the replay',
  'rng-after': 'the random state after the step differs from the replay',
  manual: 'the manual flag differs from the replay',
  'undone-start': 'an undone step starts from a random state the game never had',
  'rules-older':
    "the step claims the game's rules version {version}, older than {floor}, the version of the game's start or of a step before it",
  'rules-newer':
    "the step was made under version {version} of the game's rules, newer than this app's ({now}): update the app",
  'rng-before': 'the random state does not continue from the previous step',
  'hidden-reveal': 'the hidden chit shown is not the card drawn (the proof of the {side} side does not hold)',
  'hidden-keep':
    "the hidden chit kept face down is not proven one of its cup's chits that may be kept (the proof of the {side} side does not hold)",
  'hidden-refill':
    "a hidden cup's refill from its discard pile: the deck of the {side} side is not signed by its phone, or holds a card twice",
  'hidden-audit': "the audit of a hidden cup: the {side} side's phone did not follow the protocol ({what})",
  'hidden-audit-opened':
    "the audit of a hidden cup shows card {card} as a chit the phones' secrets do not open it to (the table wrote that step)",
  'hidden-deck': 'a hidden cup deal holds a card twice, or a value that is not a point (the {side} side shuffled it)',
  'undo-mark': 'the step is marked undone, or standing, against the undo steps of the log (a mark was changed)',
  'undo-steps': 'the undo step does not name the steps standing from its first one on',
  // Joint randomness across linked devices (./joint.ts, issue #33)
  'joint-reveal': "the value from {name} is not the next of that device's committed chain",
  'joint-devices': 'the values are not one from each device of the joint set ({names})',
  'joint-seed': "the step's random state is not the one its devices' values make",
  'joint-missing': 'the step drew randomness of its own while joint randomness was on',
  'joint-unexpected': 'the step carries values of linked devices but no joint set is on, or it draws nothing',
  'joint-only': 'the step drew randomness from the seed of a game whose seed is public (its rolls are all joint)',
  'joint-redo':
    "the step does not take the randomness of the undone roll that was due (an undo never re-rolls): it was rolled afresh, or from another roll's",
  'no-link': 'the step has no link to the step before it (the chain is broken)',
  'first-step': "the first step does not follow from the game's header (its seed, scenario or start were changed)",
  'step-follow': 'the step does not follow step {step}: a step before it was changed, removed or inserted',
  // A chart pack (./charts.ts): {key} is a message key of the UI (chart.*), {reason} a code of a typed value
  'pack-game': 'this chart pack is for "{pack}", not "{game}"',
  'no-table': 'no table "{table}"',
  'fixed-axes': 'this table has fixed rows and columns',
  'axis-label': '"{value}": {key}',
  'no-cell': 'no such cell',
  'printed-cell': 'this cell is printed in the rulebook text and cannot be overridden',
  'cell-value': '{value}: {reason}',
  'cell-value-allowed': '{value}: {reason} (allowed: {allowed})',
  // A table's and a scenario's own checks (./schema/data.ts), in the project's data and in game packs
  'roll-bounds': 'a rolled axis needs min and/or max',
  'open-below': 'only the first entry may be open below',
  'open-above': 'only the last entry may be open above',
  'min-max': 'min {min} > max {max}',
  'roll-gap': 'roll ranges must follow on without gap or overlap (expected min {expected}, got {min})',
  'no-axes': 'a table needs rows and columns unless playerDefinesAxes',
  'duplicate-key': 'duplicate key "{key}"',
  'cell-rows': 'expected {n} rows of cells, got {rows}',
  'row-cells': 'expected {n} cells, got {cells}',
  'legend-code': '"{value}" is not a result code of this table\'s legend',
  'complete-null': 'a complete table cannot have null cells',
  'missing-values': 'a missing table has only null cells (values the text gives belong in a partial table)',
  'no-legend': 'a table of result codes needs a legend',
  'crt-odds': 'a combat results table needs odds',
  'crt-roll': 'a combat results table needs roll',
  'roll-roll': 'a roll table needs roll',
  'odds-needed': 'an odds column needs odds [a, d]',
  'odds-order': 'odds columns must increase',
  'no-row': 'no row "{row}"',
  'no-column': 'no column "{column}"',
  'printed-differs': 'the cell holds {cell}, not {printed}',
  'not-a-choice': '"{value}" is not one of the choices',
  'duplicate-table': 'duplicate table id',
  'duplicate-scenario': 'duplicate scenario id',
  'no-game': 'no game "{game}"',
  'table-game': 'table "{table}" belongs to {game}',
  'no-side': 'no side "{side}"',
  // A game pack (src/packs/format.ts, src/packs/library.ts); {error} is the JSON reader's own words
  'pack-text': 'needs a text in English ("en"), Spanish ("es") or both',
  'duplicate-side': 'duplicate side id "{id}"',
  'duplicate-dice': 'duplicate dice id "{id}"',
  'duplicate-chit': 'duplicate chit id "{id}"',
  'duplicate-cup': 'duplicate cup id "{id}"',
  'pack-id': 'expected "{pack}" (the pack\'s id), got "{game}"',
  'pack-too-large': 'the file is larger than {max} characters',
  'pack-not-json': 'not JSON: {error}',
  'built-in-id': '"{id}" is the id of a game the app has built in',
  'second-manifest': 'a second manifest (the first is {file})',
  'file-kind': 'expected "manifest", "table" or "scenario" (several files make one pack)',
  'files-too-large': 'the files are larger than {max} characters',
  'no-manifest': 'no manifest file ("kind": "manifest") among the files',
  'version-taken':
    'version {version} of "{id}" is already on this device with other content: give this one a new version',
} as const;

export type IssueCode = keyof typeof ISSUE_EN;
/** Every issue code, for tests (each has its English here and its text in the UI's catalog). */
export const ISSUE_CODES = Object.keys(ISSUE_EN) as IssueCode[];

const fill = (s: string, params: IssueParams = {}) =>
  s.replace(/\{(\w+)\}/g, (_, k: string) => (k in params ? String(params[k]) : ''));

/** An issue's English: its message, or its code's text with its parameters. */
export const issueMessage = (i: Issue): string =>
  i.message ?? (i.code && Object.hasOwn(ISSUE_EN, i.code) ? fill(ISSUE_EN[i.code], i.params) : (i.code ?? ''));

/** An issue of a code, its English filled in. */
export const issue = (path: string, code: IssueCode, params?: IssueParams): Issue => ({
  path,
  code,
  ...(params ? { params } : {}),
  message: fill(ISSUE_EN[code], params),
});

/** Issues with their English filled in (a schema's issues record only their code). */
export const withMessages = (issues: readonly Issue[]): Issue[] =>
  issues.map((i) => (i.message === undefined ? { ...i, message: issueMessage(i) } : i));

/** Issues as English lines (logs, the CLI); the UI says them in the player's language (src/ui/issues.ts). */
export const formatIssues = (issues: readonly Issue[], max = 8): string =>
  issues
    .slice(0, max)
    .map((x) => `${x.path}: ${issueMessage(x)}`)
    .join('\n') + (issues.length > max ? `\n… and ${issues.length - max} more` : '');
