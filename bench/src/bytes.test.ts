/** How initial bytes are counted, on a small build of known files. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBytes, byteFailures, loadBudgets, type Budgets } from './budgets.ts';
import {
  entryKey,
  filesOf,
  filesOfIndexHtml,
  localeKey,
  measureFiles,
  pageFiles,
  packagesOf,
  type Manifest,
} from './bytes.ts';
import type { LandingPage } from './pages.ts';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_shell-b.js'],
    css: ['assets/index-a.css'],
  },
  '_shell-b.js': { file: 'assets/shell-b.js', imports: ['_vendor-c.js'] },
  '_vendor-c.js': { file: 'assets/vendor-c.js' },
  'src/routes/home.tsx': {
    file: 'assets/home-d.js',
    isDynamicEntry: true,
    imports: ['_shell-b.js', '_cards-e.js'],
    css: ['assets/home-d.css'],
  },
  '_cards-e.js': { file: 'assets/cards-e.js', css: ['assets/cards-e.css'] },
  'src/routes/other.tsx': { file: 'assets/other-f.js', isDynamicEntry: true, imports: ['_cards-e.js'] },
  '../../packages/i18n/locales/en/common.json': { file: 'assets/common-g.js', isDynamicEntry: true },
};

describe('filesOf', () => {
  it('takes a chunk, its CSS and its static imports, once each, never its dynamic imports', () => {
    expect(filesOf(manifest, [entryKey(manifest)])).toEqual({
      js: ['assets/index-a.js', 'assets/shell-b.js', 'assets/vendor-c.js'],
      css: ['assets/index-a.css'],
    });
    expect(filesOf(manifest, ['index.html', 'src/routes/home.tsx'])).toEqual({
      js: [
        'assets/cards-e.js',
        'assets/home-d.js',
        'assets/index-a.js',
        'assets/shell-b.js',
        'assets/vendor-c.js',
      ],
      css: ['assets/cards-e.css', 'assets/home-d.css', 'assets/index-a.css'],
    });
  });

  it("counts a build's one unsplit stylesheet on every page", () => {
    const page: LandingPage = {
      key: 'portal /h5',
      app: 'portal',
      path: '/h5',
      screens: ['src/routes/home.tsx'],
      namespaces: ['common'],
      lighthouse: false,
      form: 'h5',
    };
    const split = pageFiles(manifest, page);
    expect(split.css).toEqual(['assets/cards-e.css', 'assets/home-d.css', 'assets/index-a.css']);
    const unsplit = pageFiles(
      { ...manifest, 'style.css': { file: 'assets/style-h.css', src: 'style.css' } },
      page,
    );
    expect(unsplit.css).toEqual([...split.css, 'assets/style-h.css'].sort());
    expect(unsplit.js).toEqual(split.js);
  });

  it('refuses a module the build does not have', () => {
    expect(() => filesOf(manifest, ['src/routes/gone.tsx'])).toThrow(/not in the build manifest/);
  });

  it('finds locale files however deep the app is', () => {
    expect(localeKey(manifest, 'en', 'common')).toBe('../../packages/i18n/locales/en/common.json');
    expect(() => localeKey(manifest, 'th', 'common')).toThrow(/th\/common\.json/);
  });
});

describe('filesOfIndexHtml', () => {
  it('reads the module script, module preloads and stylesheets, nothing else', () => {
    const html = `<html><head>
      <link rel="icon" href="/favicon.svg" />
      <script type="module" crossorigin src="/assets/index-a.js"></script>
      <link rel="modulepreload" crossorigin href="/assets/shell-b.js">
      <link rel="stylesheet" crossorigin href="/assets/index-a.css">
    </head></html>`;
    expect(filesOfIndexHtml(html)).toEqual({
      js: ['assets/index-a.js', 'assets/shell-b.js'],
      css: ['assets/index-a.css'],
    });
  });
});

describe('measureFiles', () => {
  const dist = mkdtempSync(join(tmpdir(), 'gp-bench-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('adds up raw, gzip and brotli sizes and names the packages from the source maps', () => {
    mkdirSync(join(dist, 'assets'));
    const code = 'export const x = "' + 'abc'.repeat(2000) + '";\n';
    writeFileSync(join(dist, 'assets', 'a.js'), code);
    writeFileSync(join(dist, 'assets', 'b.js'), code);
    writeFileSync(
      join(dist, 'assets', 'a.js.map'),
      JSON.stringify({
        sources: [
          '../../../../node_modules/.pnpm/react-dom@19.3.1_react@19.3.1/node_modules/react-dom/cjs/x.js',
          '../../../../node_modules/.pnpm/@ant-design+icons@6.0.0/node_modules/@ant-design/icons/lib/y.js',
          '../../src/main.tsx',
        ],
      }),
    );
    const m = measureFiles(dist, 'x', 'portal', { js: ['assets/a.js', 'assets/b.js'], css: [] });
    expect(m.js.raw).toBe(code.length * 2);
    expect(m.js.gzip).toBeGreaterThan(0);
    expect(m.js.gzip).toBeLessThan(code.length / 10);
    expect(m.js.brotli).toBeLessThanOrEqual(m.js.gzip);
    expect(m.css).toEqual({ raw: 0, gzip: 0, brotli: 0 });
    expect(m.packages).toEqual(['@ant-design/icons', 'react-dom']);
    expect(packagesOf(dist, 'assets/b.js')).toEqual([]);
  });
});

describe('checkBytes', () => {
  const budgets: Budgets = {
    ...loadBudgets(),
    bytes: {
      initialJsGzipKB: {
        'portal /h5': { budgetKB: 90, ceilingKB: 100, why: 'react-dom alone is 62 KB' },
        'pay /pay_h5': { budgetKB: 120 },
      },
      cssGzipKB: 20,
      forbiddenPackagesInPlayerApps: ['antd', '@ant-design/'],
    },
  };
  const measure = (key: string, app: string, jsGzip: number, cssGzip = 1000) => ({
    key,
    app,
    js: { raw: 0, gzip: jsGzip, brotli: 0 },
    css: { raw: 0, gzip: cssGzip, brotli: 0 },
    files: { js: [], css: [] },
    packages: [],
  });

  it('meets, misses within the ceiling, and misses beyond it', () => {
    const within = checkBytes(budgets, [measure('portal /h5', 'portal', 95_000)], [], []);
    expect(within[0]).toMatchObject({ measured: 95, limit: 90, met: false, withinCeiling: true });
    expect(byteFailures(within)).toEqual([]);
    const beyond = checkBytes(budgets, [measure('portal /h5', 'portal', 100_100)], [], []);
    expect(byteFailures(beyond).map((v) => v.budget)).toEqual(['portal /h5 initial JS gzip']);
    const met = checkBytes(budgets, [measure('pay /pay_h5', 'pay', 119_900)], [], []);
    expect(met.find((v) => v.budget === 'pay /pay_h5 initial JS gzip')).toMatchObject({ met: true });
  });

  it('fails CSS over budget and antd in a player app', () => {
    const verdicts = checkBytes(
      budgets,
      [measure('pay /pay_h5', 'pay', 100_000, 21_000)],
      [measure('pay entry', 'pay', 90_000)],
      [{ app: 'pay', packages: ['react', 'antd', '@ant-design/icons'] }],
    );
    expect(byteFailures(verdicts).map((v) => [v.budget, v.note])).toEqual([
      ['pay /pay_h5 CSS gzip', undefined],
      ['pay: no antd', 'antd, @ant-design/icons'],
    ]);
  });

  it('reports a page it did not measure as not measured, not as met', () => {
    const verdicts = checkBytes(budgets, [], [], []);
    expect(verdicts.find((v) => v.budget === 'pay /pay_h5 initial JS gzip')).toMatchObject({
      measured: null,
      met: null,
    });
  });
});
