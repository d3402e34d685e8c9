// @vitest-environment node
/** The constants a player app's build hands its code: the language cookie's scope from the build's hosts. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { appEnvDefines } from './player-vite.ts';

const dirs: string[] = [];
/** A folder holding one `.env.production` of these lines, as an app's envDir. */
function envDir(lines: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'gp-env-'));
  dirs.push(dir);
  const text = Object.entries(lines).map(([k, v]) => `${k}=${v}`);
  writeFileSync(join(dir, '.env.production'), `${text.join('\n')}\n`);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const scopeOf = (lines: Record<string, string>) =>
  JSON.parse(appEnvDefines('production', envDir(lines)).__GP_LANGUAGE_SCOPE__!) as unknown;

describe('__GP_LANGUAGE_SCOPE__', () => {
  it("the player hosts' shared name, none for hosts that share none, no Domain in development", () => {
    const hosts = (portal: string, passport: string, pay: string) => ({
      VITE_PORTAL_ORIGIN: portal,
      VITE_PASSPORT_ORIGIN: passport,
      VITE_PAY_ORIGIN: pay,
      VITE_CS_ADMIN_ORIGIN: 'https://console.elsewhere.example',
      VITE_API_URLS: 'https://api.gp.example',
    });
    expect(
      scopeOf(hosts('https://www.gp.example', 'https://passport.gp.example', 'https://pay.gp.example')),
    ).toEqual({
      domain: 'gp.example',
    });
    expect(
      scopeOf(hosts('https://www.gp.example', 'https://id.other.example', 'https://pay.gp.example')),
    ).toBeNull();
    expect(scopeOf(hosts('http://localhost:8080', 'http://localhost:8081', 'http://localhost:8082'))).toEqual(
      {},
    );
  });
});
