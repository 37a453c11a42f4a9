/**
 * The engine's public API. Pure TypeScript: no DOM, no Lit, no idb, no network, no Math.random,
 * no clock (enforced by tsconfig.engine.json and tests/unit/architecture.test.ts).
 * The UI, the store and the data catalog import only from this file.
 */
export * from './schema/guard';
export { ISSUE_CODES, ISSUE_EN, formatIssues, issue, issueMessage, withMessages } from './issue-text';
export * from './schema/data';
export * from './errors';
export * from './rng';
export * from './dice';
export * from './deck';
export * from './cup';
export * from './tables';
export * from './session';
export type { HiddenAction, HiddenDeal, HiddenOutcome, HiddenPartial, HiddenProof } from './hidden';
export { nextHiddenPos, refillOf } from './hidden';
export type { SealedAction, SealedOutcome, SealedValue } from './sealed';
export { sealCommitment, sealedCount, unrevealed } from './sealed';
export * from './session-file';
export * from './charts';
export * from './player-charts';
export * from './sha256';
export * from './procedures';
export * from './game-module';
export * from './sequence';
export * from './input';
export * from './stats';
export * from './chain';
export * from './seed-ceremony';
export * from './joint';
export * from './preview';
export * from './luck';
export * from './turn-track';
