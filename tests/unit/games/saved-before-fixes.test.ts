// A Stalingrado game saved before the set-up steps (#31) opens and verifies (rules versions): its
// steps were recorded by the game's procedures as they were then (the fixture file was made with
// src/games/stalingrado/rules.ts of commit 290131d^ — a combat on turn 1 with no phase step, a phase
// step of the old numbering, a tank with no letter, a free roll of the special die). Today's rules
// refuse or read them otherwise; their results are kept as written, their dice checked from the seed.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readSessionFile, verifySession, type Session } from '../../../src/engine';
import { contextForFile } from '../../../src/data/context';
import { RULES } from '../../../src/games/stalingrado/rules';

const text = readFileSync('tests/fixtures/rules-versions/stalingrado-before-setup.json', 'utf8');

describe('a Stalingrado game saved before the set-up steps (#31)', () => {
  it('imports and verifies: the steps today’s rules read otherwise keep their recorded results, and are named', async () => {
    const r = readSessionFile(text, await contextForFile(text));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.verification.writtenRules).toEqual([1, 2, 3]);
    // The free roll (step 4) replays as ever, from the seed.
    expect(r.verification.random).toBe(3);
    expect(r.session.log.every((e) => e.rules === undefined)).toBe(true);
  });

  it('without the game’s rules versions it is the damaged game it was (step 1: the set-up has no combat)', async () => {
    const contextFor = await contextForFile(text);
    const session = (JSON.parse(text) as { session: Session }).session;
    const { rules: _r, ...unversioned } = contextFor(session)!;
    expect(verifySession(session, unversioned).firstMismatch).toMatchObject({ seq: 1, code: 'step-error' });
  });

  it('a step of it edited to claim today’s version (1) is refused: its recorded result is no version’s reading', async () => {
    const contextFor = await contextForFile(text);
    const session = (JSON.parse(text) as { session: Session }).session;
    expect(RULES.version).toBe(1);
    const claimed = { ...session, log: session.log.map((e) => ({ ...e, rules: RULES.version })) };
    // Under version 1 the set-up refuses the combat; a result is kept as written only for a version older than the rewrite.
    expect(verifySession(claimed, contextFor(session)!).firstMismatch).toMatchObject({ seq: 1, code: 'step-error' });
  });
});
