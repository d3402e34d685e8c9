import { describe, expect, it } from 'vitest';
import { localHosts } from '@gp/config';
import { afterLogoutUrl, loginUrl, returnAddress, returnTarget } from './session.ts';

describe('session URLs', () => {
  const hosts = localHosts();
  it('sends desktop logouts to login with the page as redirect, in the page language', () => {
    expect(afterLogoutUrl(hosts, false, new URL('http://localhost:8080/news?a=1'), 'th')).toBe(
      `http://localhost:8081/login?redirect=${encodeURIComponent('http://localhost:8080/news?a=1')}&lang=th`,
    );
  });
  it.each([
    ['http://localhost:8080/service/h5/history', 'http://localhost:8080/service/h5?lang=vi'],
    ['http://localhost:8082/pay_h5/payorder', 'http://localhost:8082/pay_h5?lang=vi'],
    ['http://localhost:8082/pays_h5/payaffirm', 'http://localhost:8082/pays_h5?lang=vi'],
    ['http://localhost:8080/news/h5', 'http://localhost:8080/h5?lang=vi'],
  ])('H5 logout on %s lands on %s', (from, to) => {
    expect(afterLogoutUrl(hosts, true, new URL(from), 'vi')).toBe(to);
  });
  it('builds the login URL of each form, carrying the language', () => {
    expect(loginUrl(hosts, true, 'http://localhost:8082/pay_h5/payorder', 'cn')).toBe(
      'http://localhost:8081/login_h5?redirect=http%3A%2F%2Flocalhost%3A8082%2Fpay_h5%2Fpayorder&lang=cn',
    );
    expect(loginUrl(hosts, false, 'http://localhost:8080/service/history?tab=1', 'zh')).toBe(
      'http://localhost:8081/login?redirect=http%3A%2F%2Flocalhost%3A8080%2Fservice%2Fhistory%3Ftab%3D1&lang=zh',
    );
  });
  it('uses the page language when none is given (en before any choice)', () => {
    expect(loginUrl(hosts, false, 'http://localhost:8080/news')).toMatch(/&lang=en$/);
    expect(afterLogoutUrl(hosts, true, new URL('http://localhost:8080/news/h5'))).toBe(
      'http://localhost:8080/h5?lang=en',
    );
  });
});

describe('returnAddress', () => {
  const hosts = localHosts();
  const account = 'http://localhost:8081/account';
  it.each([
    // A page that still works after logging in is returned to as it is, without the language it carried.
    ['http://localhost:8080/news?page=2', 'http://localhost:8080/news?page=2'],
    [
      'http://localhost:8082/pay_h5/payorder?order_no=1&lang=th',
      'http://localhost:8082/pay_h5/payorder?order_no=1',
    ],
    // One-time pages: the spent reset link (also the e-mail confirmation), recovery, sign-up, the social return.
    ['http://localhost:8081/findpwd?email_ticket=abc&email=a%40b.co', account],
    ['http://localhost:8081/findpwd_h5?email_ticket=abc&email=a%40b.co', account],
    ['http://localhost:8081/findpwd', account],
    ['http://localhost:8081/signup', account],
    ['http://localhost:8081/signup_h5?redirect=x', account],
    ['http://localhost:8081/apple_return_url?state=s&code=c', account],
    // A login page leads where that login leads, checked, one-time pages excluded there too.
    [
      `http://localhost:8081/login?redirect=${encodeURIComponent('http://localhost:8082/paygame?lang=vi')}&lang=vi`,
      'http://localhost:8082/paygame',
    ],
    [
      `http://localhost:8081/login_h5?redirect=${encodeURIComponent('https://evil.example/')}`,
      'http://localhost:8080/',
    ],
    [
      `http://localhost:8081/login?redirect=${encodeURIComponent('http://localhost:8081/findpwd?email_ticket=a')}`,
      account,
    ],
    ['http://localhost:8081/login', 'http://localhost:8080/'],
  ])('%s -> %s', (current, expected) => {
    expect(returnAddress(hosts, current)).toBe(expected);
  });
  it('is what the login URL carries', () => {
    const url = new URL(
      loginUrl(hosts, false, 'http://localhost:8081/findpwd?email_ticket=abc&email=a%40b.co', 'th'),
    );
    expect(url.searchParams.get('redirect')).toBe(account);
    expect(url.searchParams.get('lang')).toBe('th');
  });
});

describe('returnTarget', () => {
  const hosts = localHosts();
  it.each([
    [
      '?redirect=' + encodeURIComponent('http://localhost:8080/service/history?tab=1'),
      'http://localhost:8080/service/history?tab=1',
    ],
    ['?gourl=' + encodeURIComponent('http://localhost:8082/pay_h5'), 'http://localhost:8082/pay_h5'],
    ['?redirect=' + encodeURIComponent('https://evil.example/'), 'http://localhost:8080/'],
    ['?redirect=//evil.example', 'http://localhost:8080/'],
    ['?redirect=javascript:alert(1)', 'http://localhost:8080/'],
    ['', 'http://localhost:8080/'],
  ])('%s -> %s', (search, target) => {
    expect(returnTarget(search, hosts, 'http://localhost:8081/login', 'th')).toBe(
      `${target}${target.includes('?') ? '&' : '?'}lang=th`,
    );
  });
  it('never returns to a one-time page, and carries the language of this page', () => {
    const spent = encodeURIComponent('http://localhost:8081/findpwd?email_ticket=abc&email=a%40b.co');
    expect(returnTarget(`?redirect=${spent}`, hosts, 'http://localhost:8081/login', 'vi')).toBe(
      'http://localhost:8081/account?lang=vi',
    );
    const back = encodeURIComponent('http://localhost:8080/news?lang=th');
    expect(returnTarget(`?redirect=${back}`, hosts, 'http://localhost:8081/login', 'cn')).toBe(
      'http://localhost:8080/news?lang=cn',
    );
  });
});
