import { describe, expect, it } from 'vitest';
import { gameServerUrlProblem, isPublicAddress, parseHostList } from './game-server-hosts.ts';

const production = { production: true, hosts: [] };
const development = { production: false, hosts: [] };

describe('the game server URL rule', () => {
  it('wants https in production, takes http elsewhere, and refuses other schemes and unreadable URLs', () => {
    expect(gameServerUrlProblem('https://game.studio.example/gp', production)).toBeUndefined();
    expect(gameServerUrlProblem('http://game.studio.example/gp', production)).toBe('https_required');
    expect(gameServerUrlProblem('http://127.0.0.1:8095', development)).toBeUndefined();
    expect(gameServerUrlProblem('ftp://game.studio.example', development)).toBe('https_required');
    expect(gameServerUrlProblem('not a url', development)).toBe('https_required');
  });

  it('refuses in production an address outside the internet written in the URL', () => {
    for (const url of [
      'https://127.0.0.1:8443',
      'https://10.1.2.3',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]:8443',
      'https://[::ffff:192.168.1.4]',
      'https://[fd00::4]',
      'https://100.64.0.9',
    ])
      expect(gameServerUrlProblem(url, production), url).toBe('host_not_allowed');
    expect(gameServerUrlProblem('https://203.113.7.9', production)).toBeUndefined();
    expect(gameServerUrlProblem('https://[2404:6800:4003::200e]', production)).toBeUndefined();
  });

  it('with GAME_SERVER_HOSTS takes only listed hosts, which may be anywhere', () => {
    const listed = { production: true, hosts: ['*.studio.example', '10.8.0.5'] };
    expect(gameServerUrlProblem('https://pay.studio.example/gp', listed)).toBeUndefined();
    expect(gameServerUrlProblem('https://PAY.Studio.example/gp', listed)).toBeUndefined();
    expect(gameServerUrlProblem('https://studio.example/gp', listed)).toBe('host_not_allowed');
    expect(gameServerUrlProblem('https://evilstudio.example', listed)).toBe('host_not_allowed');
    expect(gameServerUrlProblem('https://10.8.0.5:8443', listed)).toBeUndefined();
    expect(gameServerUrlProblem('https://203.113.7.9', listed)).toBe('host_not_allowed');
    expect(gameServerUrlProblem('http://game.other.example', { ...listed, production: false })).toBe(
      'host_not_allowed',
    );
  });
});

describe('public addresses', () => {
  it('knows the ranges nobody on the internet is reached at', () => {
    for (const ip of ['127.0.0.1', '0.0.0.0', '172.20.1.1', '192.168.0.1', '224.0.0.1', '::', 'fe80::1'])
      expect(isPublicAddress(ip), ip).toBe(false);
    for (const ip of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888', '::ffff:8.8.4.4'])
      expect(isPublicAddress(ip), ip).toBe(true);
    expect(isPublicAddress('not-an-address')).toBe(false);
  });
});

describe('GAME_SERVER_HOSTS', () => {
  it('takes host names, *.domain patterns and addresses, and names what it cannot read', () => {
    expect(parseHostList(' Game.Studio.example, *.partner.example ,10.0.0.7,')).toEqual({
      hosts: ['game.studio.example', '*.partner.example', '10.0.0.7'],
    });
    expect(parseHostList('https://game.studio.example,*')).toEqual({
      problem: 'not a host name, *.domain or address: https://game.studio.example, *',
    });
  });
});
