/** The console's return-after-login goes to a path of the console only, never to another host. */
import { describe, expect, it } from 'vitest';
import { loginUrl, safeRedirect } from './staff-session.ts';

describe('safeRedirect', () => {
  it('sends nowhere else: other hosts, schemes, and paths that become another host', () => {
    const evil = [
      '/.//evil.com',
      '/%2e//evil.com',
      '/%2E//evil.com',
      '/%2e%2e//evil.com',
      '/a/..//evil.com',
      '//evil.com',
      '///evil.com',
      'https://evil.com',
      'javascript:alert(1)',
      '/\\evil.com',
      '/\\/evil.com',
      '/\t/evil.com',
      '/\n/evil.com',
      'evil.com',
      '',
      null,
      undefined,
    ];
    for (const value of evil) expect(safeRedirect(value), JSON.stringify(value)).toBe('/');
  });

  it('keeps a path of the console with its query and fragment', () => {
    expect(safeRedirect('/audit?actor=bob&lang=th')).toBe('/audit?actor=bob&lang=th');
    expect(safeRedirect('/tickets/12?lang=vi#reply')).toBe('/tickets/12?lang=vi#reply');
    expect(safeRedirect('/./accounts')).toBe('/accounts');
    // Encoded slashes stay a name inside this origin.
    expect(safeRedirect('/%2F%2Fevil.com')).toBe('/%2F%2Fevil.com');
  });

  it('never returns to the login screen itself', () => {
    expect(safeRedirect('/login?redirect=%2Faudit')).toBe('/');
    expect(loginUrl('/login')).toBe('/login');
    expect(loginUrl('/.//evil.com')).toBe('/login');
    expect(loginUrl('/audit?lang=th')).toBe('/login?redirect=%2Faudit%3Flang%3Dth');
  });
});
