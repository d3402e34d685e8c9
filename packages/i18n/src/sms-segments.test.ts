/** Every SMS template, filled with its longest realistic values, is sent in at most two parts in every language. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { enabledLanguages } from './languages.ts';
import { smsSize } from './sms-segments.ts';

describe('smsSize', () => {
  it('counts GSM-7 in septets, the extension table as two', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSize('a'.repeat(306))).toMatchObject({ segments: 2 });
    expect(smsSize('a'.repeat(307))).toMatchObject({ segments: 3 });
    expect(smsSize('[]{}€')).toMatchObject({ encoding: 'GSM-7', units: 10 });
  });

  it('sends any other character in UCS-2, counting UTF-16 units', () => {
    expect(smsSize('ก'.repeat(70))).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSize('a'.repeat(70) + '’')).toEqual({ encoding: 'UCS-2', units: 71, segments: 2 });
    expect(smsSize('验'.repeat(134))).toMatchObject({ segments: 2 });
    expect(smsSize('验'.repeat(135))).toMatchObject({ segments: 3 });
    expect(smsSize('😀')).toMatchObject({ units: 2 });
  });
});

/**
 * The longest value each placeholder takes where the API fills an SMS: 6-digit codes valid 10 minutes, the
 * "2026-11-25 21:40" UTC minute, an ISO date, and the portal's and passport's links on a 16-letter domain (the
 * deployment's SITE_DOMAIN; joypeak.com would be shorter).
 */
const longest: Record<string, string> = {
  code: '000000',
  minutes: '10',
  time: '2026-12-31 23:59',
  date: '2026-12-31',
  support: 'https://www.joypeakgames.com/service',
  link: 'https://passport.joypeakgames.com/account',
};

function smsTemplates(tree: unknown, path: string, out: [string, string][] = []): [string, string][] {
  if (typeof tree === 'object' && tree !== null) {
    for (const [k, v] of Object.entries(tree)) smsTemplates(v, path ? `${path}.${k}` : k, out);
  } else if (typeof tree === 'string' && /(^|\.)sms$/.test(path)) {
    out.push([path, tree]);
  }
  return out;
}

describe('SMS templates', () => {
  const root = join(import.meta.dirname, '..', 'locales');
  const templates = Object.fromEntries(
    enabledLanguages.map((lang) => [
      lang,
      smsTemplates(JSON.parse(readFileSync(join(root, lang, 'messages.json'), 'utf8')), ''),
    ]),
  );

  it('are found', () => {
    expect(templates.en!.length).toBeGreaterThanOrEqual(8);
  });

  it.each(enabledLanguages)('fit in two parts in %s', (lang) => {
    const over = templates[lang]!.flatMap(([key, template]) => {
      const text = template.replace(/{{\s*(\w+)\s*}}/g, (_, name: string) => {
        const value = longest[name];
        if (value === undefined) throw new Error(`${lang} ${key}: no longest value for {{${name}}}`);
        return value;
      });
      const size = smsSize(text);
      return size.segments > 2
        ? [`${key}: ${size.segments} parts (${size.units} ${size.encoding} units)`]
        : [];
    });
    expect(over).toEqual([]);
  });
});
