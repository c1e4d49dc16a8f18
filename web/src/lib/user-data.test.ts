import { USER_DATA_KEY, getUserPreference, setUserPreference } from './user-data';

describe('user data', () => {
  it('keeps preferences under one key, an object keyed by user id', () => {
    setUserPreference('u1', 'users.pageSize', 50);
    setUserPreference('u2', 'users.pageSize', 10);
    setUserPreference('u1', 'monitors.filters', { status: 'FAILED' });
    expect(JSON.parse(window.localStorage.getItem(USER_DATA_KEY) ?? '{}')).toEqual({
      u1: { 'users.pageSize': 50, 'monitors.filters': { status: 'FAILED' } },
      u2: { 'users.pageSize': 10 },
    });
    expect(getUserPreference('u1', 'users.pageSize', 20)).toBe(50);
    expect(getUserPreference('u3', 'users.pageSize', 20)).toBe(20);
  });

  it('survives a corrupted entry', () => {
    window.localStorage.setItem(USER_DATA_KEY, '{not json');
    expect(getUserPreference('u1', 'x', 'fallback')).toBe('fallback');
    setUserPreference('u1', 'x', 'set');
    expect(getUserPreference('u1', 'x', 'fallback')).toBe('set');
  });
});
