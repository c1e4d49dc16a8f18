import { makeToken } from '@/testing/fake-api';
import { InvalidTokenError, decodeAccessToken, sessionFromToken } from './token';

describe('access token', () => {
  it('decodes the user id and role of a well-formed token', () => {
    const claims = decodeAccessToken(makeToken({ sub: 'user-7', role: 'STAFF' }));
    expect(claims.sub).toBe('user-7');
    expect(claims.role).toBe('STAFF');
  });

  it.each([
    ['not a jwt'],
    ['only.two'],
    ['a.b.c.d'],
    ['%%%.###.$$$'],
    [''],
  ])('raises an invalid-token error for %j', (token) => {
    expect(() => decodeAccessToken(token)).toThrow(InvalidTokenError);
  });

  it('counts an undecodable token as signed out', () => {
    expect(sessionFromToken('garbage')).toBeNull();
    expect(sessionFromToken(null)).toBeNull();
  });

  it('counts an expired token as signed out', () => {
    const token = makeToken({ sub: 'u', exp: Math.floor(Date.now() / 1000) - 10 });
    expect(sessionFromToken(token)).toBeNull();
  });

  it('keeps the user id with the session', () => {
    const token = makeToken({ sub: 'user-9' });
    expect(sessionFromToken(token)).toMatchObject({ token, userId: 'user-9' });
  });
});
