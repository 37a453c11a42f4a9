// Issue #28 item 16: one term per concept per language. Victory points are "PV" everywhere in Spanish
// (the messages of every game and the Spanish text of every table and scenario), "VP" in English; the
// printed counters' names (VPx1, VPx10) stay as printed. A cup is a "recipiente" in every Spanish message.
import { describe, expect, it } from 'vitest';
import { ALL_MESSAGES } from '../../message-keys';

const data = import.meta.glob<unknown>(['/tables/**/*.json', '/scenarios/**/*.json'], {
  eager: true,
  import: 'default',
});

/** Every Spanish text of a data file (the `es` of its bilingual texts), with where it is. */
function spanishTexts(v: unknown, at: string, out: string[][] = []): string[][] {
  if (Array.isArray(v)) v.forEach((x, k) => spanishTexts(x, `${at}[${k}]`, out));
  else if (v && typeof v === 'object')
    for (const [k, x] of Object.entries(v)) {
      if (k === 'es' && typeof x === 'string') out.push([at, x]);
      else spanishTexts(x, `${at}.${k}`, out);
    }
  return out;
}

describe('one term per concept (issue #28 item 16)', () => {
  it('no Spanish message says "VP" (PV)', () => {
    expect(ALL_MESSAGES.filter((m) => m.lang === 'es' && /\bVPs?\b/.test(m.text)).map((m) => m.key)).toEqual([]);
  });
  it('no Spanish text of a table or scenario says "VP" (PV)', () => {
    const found = Object.entries(data).flatMap(([file, v]) =>
      spanishTexts(v, file)
        // A quotation of the printed rulebook ("…", «…») stays as printed.
        .filter(([, text]) => /\bVPs?\b/.test(text!.replace(/"[^"]*"|«[^»]*»/g, '')))
        .map(([at]) => at),
    );
    expect(found).toEqual([]);
  });
  it('a cup is "recipiente" in Spanish, as the rulebook says (seed 000 line 39: «tres recipientes opacos»), never "vaso"', () => {
    expect(ALL_MESSAGES.filter((m) => m.lang === 'es' && /\bvasos?\b/i.test(m.text)).map((m) => m.key)).toEqual([]);
  });
  it('English says "VP", never "PV"', () => {
    expect(ALL_MESSAGES.filter((m) => m.lang === 'en' && /\bPV\b/.test(m.text)).map((m) => m.key)).toEqual([]);
  });
});
