// Issue #14: the first frame (index.html) paints with two font faces only, regular and bold. Each
// further weight is one more font lookup before the first paint (a trace of a cold start at 4× CPU:
// three lookups with semi-bold buttons, two without; about 20 ms). The app's buttons have the weight
// the first frame draws its inert ones with, so nothing changes when the app takes over.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { common } from '../../src/ui/styles-common';

const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const firstFrameCss = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n');
const weights = (css: string) => [...css.matchAll(/font-weight:\s*([^;}\s]+)/g)].map((m) => m[1]);

describe("the first frame's font faces", () => {
  it('asks for no weight but bold (headings and names are bold by default)', () => {
    expect(weights(firstFrameCss).length).toBeGreaterThan(0);
    for (const w of weights(firstFrameCss)) expect(['700', 'bold']).toContain(w);
  });

  it("draws its buttons in the app's button weight", () => {
    const button = common.cssText.match(/button,\s*\.button\s*\{[^}]*?font-weight:\s*(\d+)/);
    expect(button?.[1]).toBe('700');
    const inert = firstFrameCss.match(/\.first-frame \.button\s*\{[^}]*?font-weight:\s*(\d+)/);
    expect(inert?.[1]).toBe(button?.[1]);
  });
});
