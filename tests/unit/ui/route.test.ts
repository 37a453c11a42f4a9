// @vitest-environment happy-dom
// Issue 18 (5): an address with an id that is not valid percent-encoding never throws a URIError.
import { describe, expect, it } from 'vitest';
import { parseRoute } from '../../../src/ui/app';

describe('routes', () => {
  it('decodes a session id; bad percent-encoding is taken as written, never a URIError', () => {
    expect(parseRoute('#/session/%zz')).toEqual({ page: 'session', id: '%zz' });
    expect(parseRoute('#/session/a%2Fb')).toEqual({ page: 'session', id: 'a/b' });
    expect(parseRoute('#/session/%2F..%2F')).toEqual({ page: 'session', id: '/../' });
    expect(parseRoute('#/game/%E0%A4%A')).toEqual({ page: 'game', game: '%E0%A4%A' });
  });
});
