// @vitest-environment happy-dom
// Issue #17, roles of linked devices: who sees a side's private hand (a player's phone, its own side
// only; the shared display never; the writer offers the hand-off only for a side no linked phone
// holds), and the link screen's address.
import { describe, expect, it } from 'vitest';
import type { LinkStatus } from '../../src/app/store';
import { parseRoute } from '../../src/ui/app';
import { privacyOf } from '../../src/ui/private';

const status = (patch: Partial<LinkStatus>): { link: LinkStatus } => ({
  link: { role: 'replica', view: 'display', peers: [], ...patch },
});

describe('private information on linked devices', () => {
  it('one device, no link: a hand is shown after a hand-off, as before', () => {
    expect(privacyOf({}, 'german')).toBe('handoff');
  });

  it("a player's phone shows its own side's hand at once, and never the other side's", () => {
    const phone = status({ view: 'player', side: 'soviet' });
    expect(privacyOf(phone, 'soviet')).toBe('mine');
    expect(privacyOf(phone, 'german')).toBe('theirs');
  });

  it('the shared display shows no hand', () => {
    expect(privacyOf(status({ view: 'display' }), 'german')).toBe('theirs');
  });

  it("the writer shows counts for a side whose phone is linked, and offers the hand-off for the others (or a lost phone's)", () => {
    const writer = status({
      role: 'writer',
      view: 'writer',
      peers: [
        { name: 'Soviet phone', connected: true, side: 'soviet' },
        { name: 'German phone', connected: false, side: 'german' },
      ],
    });
    expect(privacyOf(writer, 'soviet')).toBe('theirs');
    expect(privacyOf(writer, 'german')).toBe('handoff');
  });
});

describe('the link screen address', () => {
  it('#/link, or #/link/<game> for the game to share', () => {
    expect(parseRoute('#/link')).toEqual({ page: 'link' });
    expect(parseRoute('#/link/s-abc')).toEqual({ page: 'link', id: 's-abc' });
  });
});
