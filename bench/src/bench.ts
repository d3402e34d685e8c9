/**
 * `pnpm bench` (speed is measured, not guessed: DESIGN section 9): initial bytes per app entry and landing page,
 * real page loads in chromium, the same on a really throttled slow phone, Lighthouse, all three on the production
 * shape (stack.ts), and the API under load; one table on stdout, everything in
 * bench/results.json (and the table as bench/results.md). `--check` compares with bench/budgets.json and exits 1
 * on a miss.
 *
 *   pnpm bench [--check] [--only=bytes,pages,phones,lighthouse,api] [--runs=3] [--duration=10] [--connections=50]
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { cpus, loadavg } from 'node:os';
import { execFileSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { runApiLoad, defaultLoad, type ApiLoadResult } from './api-load.ts';
import {
  KB,
  checkApi,
  checkBytes,
  checkLighthouse,
  checkRealPhone,
  loadBudgets,
  orderScenarioName,
  verdict,
  type Verdict,
} from './budgets.ts';
import { measureEntry, measurePage, packagesOfApp, type ByteMeasure } from './bytes.ts';
import { runLighthouse, type LighthouseResult } from './lighthouse.ts';
import { writeScriptFreeCopy } from './script-free.ts';
import { loadOnSlowPhone, medianLoad, type RealPhoneLoad } from './real-phone.ts';
import { launchChromium, loadPage, chromiumPath, type PageLoad } from './page-load.ts';
import { apps, landingPages } from './pages.ts';
import { startStack } from './stack.ts';
import { budgetText, markdownTable, plainTable, resultText, sizeText, type Row } from './table.ts';

const parts = ['bytes', 'pages', 'phones', 'lighthouse', 'api'] as const;
type Part = (typeof parts)[number];

const { values } = parseArgs({
  options: {
    check: { type: 'boolean', default: false },
    only: { type: 'string' },
    runs: { type: 'string', default: '3' },
    duration: { type: 'string', default: String(defaultLoad.durationS) },
    connections: { type: 'string', default: String(defaultLoad.connections) },
  },
});
const only = new Set((values.only?.split(',') ?? parts).map((p) => p.trim()));
for (const p of only)
  if (!parts.includes(p as Part)) throw new Error(`--only: unknown part ${p} (${parts.join(', ')})`);
const wants = (p: Part) => only.has(p);
const log = (line: string) => process.stderr.write(`${line}\n`);
const load = () => loadavg().map((l) => Math.round(l * 100) / 100);

const started = new Date();
const loadAtStart = load();
const budgets = loadBudgets();

// ---- bytes (deterministic, from the build output) ----
let entries: ByteMeasure[] = [];
let pages: ByteMeasure[] = [];
let byteVerdicts: Verdict[] = [];
if (wants('bytes')) {
  entries = apps.map(measureEntry);
  pages = landingPages.map(measurePage);
  const players = apps.filter((a) => a.player);
  byteVerdicts = checkBytes(
    budgets,
    pages,
    entries.filter((e) => players.some((a) => a.name === e.app)),
    players.map((a) => ({ app: a.name, packages: packagesOfApp(a) })),
  );
}

// ---- the browser: page loads and Lighthouse against the production shape ----
const pageLoads: PageLoad[] = [];
const lighthouse: LighthouseResult[] = [];
/** Lighthouse on each page's first screen without its scripts (script-free.ts): the floor under its TBT. */
const scriptFree: LighthouseResult[] = [];
let shape = '';
const realPhone: RealPhoneLoad[] = [];
if (wants('pages') || wants('phones') || wants('lighthouse')) {
  const stack = await startStack(log);
  shape = stack.shape;
  try {
    if (wants('pages')) {
      const browser = await launchChromium();
      try {
        for (const page of landingPages) {
          log(`page load ${page.key}`);
          pageLoads.push(await loadPage(browser, page, stack.origin(page.app), stack.appsDir));
        }
      } finally {
        await browser.close();
      }
    }
    if (wants('phones')) {
      const browser = await launchChromium();
      try {
        for (const key of budgets.realPhone.pages) {
          const page = landingPages.find((p) => p.key === key);
          if (!page)
            throw new Error(`budgets.json names slow-phone page ${key}, which pages.ts does not have`);
          log(`slow phone ${key}`);
          const loads: RealPhoneLoad[] = [];
          for (let run = 1; run <= budgets.realPhone.runs; run++) {
            const measured = await loadOnSlowPhone(browser, page, stack.origin(page.app));
            log(
              `  run ${run}: first screen ${measured.firstScreenMs} ms, tap answered in ${measured.tapMs} ms`,
            );
            loads.push(measured);
          }
          realPhone.push(medianLoad(loads));
        }
      } finally {
        await browser.close();
      }
    }
    if (wants('lighthouse')) {
      // One browser fetches every page's script-free copy; Lighthouse runs in browsers of its own.
      let copier: Awaited<ReturnType<typeof launchChromium>> | undefined;
      try {
        for (const key of budgets.lighthouse.pages) {
          const page = landingPages.find((p) => p.key === key);
          if (!page)
            throw new Error(`budgets.json names Lighthouse page ${key}, which pages.ts does not have`);
          log(`Lighthouse ${key}`);
          lighthouse.push(
            await runLighthouse(key, `${stack.origin(page.app)}${page.path}`, Number(values.runs), log),
          );
          log(`Lighthouse ${key} without its scripts`);
          copier ??= await launchChromium();
          const copy = await writeScriptFreeCopy(copier, page, stack.origin(page.app), stack.appsDir);
          scriptFree.push(await runLighthouse(key, copy, Number(values.runs), log));
        }
      } finally {
        await copier?.close();
      }
    }
  } finally {
    await stack.stop();
  }
}

// ---- the API under load ----
const apiResults: ApiLoadResult[] = [];
if (wants('api')) {
  const settings = {
    ...defaultLoad,
    durationS: Number(values.duration),
    connections: Number(values.connections),
    orderConnections: budgets.api.orderConnections,
  };
  apiResults.push(await runApiLoad('pglite', settings, log));
  if (process.env.DATABASE_URL) apiResults.push(await runApiLoad('postgres', settings, log));
}

// ---- verdicts and the table ----
const pageVerdicts = pageLoads.map((p) => {
  const mismatch = [
    ...p.jsNotCounted.map((f) => `loaded, not counted: ${f}`),
    ...p.jsCountedNotLoaded.map((f) => `counted, not loaded: ${f}`),
  ];
  return {
    ...verdict(`${p.key} byte count matches the page load`, mismatch.length, 0, 'files', 'max'),
    ...(mismatch.length ? { note: mismatch.join('; ') } : {}),
  };
});
const verdicts: Verdict[] = [
  ...byteVerdicts,
  ...pageVerdicts,
  ...(wants('phones') ? checkRealPhone(budgets, realPhone) : []),
  ...(wants('lighthouse') ? checkLighthouse(budgets, lighthouse) : []),
  ...(wants('api') ? checkApi(budgets, apiResults) : []),
];
const find = (budget: string) => verdicts.find((v) => v.budget === budget);
const row = (area: string, item: string, measured: string, v?: Verdict): Row => ({
  area,
  item,
  measured,
  budget: budgetText(v),
  result: resultText(v),
});

const rows: Row[] = [];
for (const e of entries) {
  rows.push(row('entry JS', e.app, sizeText(e.js.gzip, e.js.brotli)));
  rows.push(row('entry CSS', e.app, sizeText(e.css.gzip, e.css.brotli), find(`${e.key} CSS gzip`)));
}
for (const p of pages) {
  rows.push(row('initial JS', p.key, sizeText(p.js.gzip, p.js.brotli), find(`${p.key} initial JS gzip`)));
  rows.push(row('initial CSS', p.key, sizeText(p.css.gzip, p.css.brotli), find(`${p.key} CSS gzip`)));
}
for (const a of apps.filter((x) => x.player)) {
  const v = find(`${a.name}: no antd`);
  if (v) rows.push(row('no antd', a.name, v.measured ? (v.note ?? '') : 'none', v));
}
for (const p of pageLoads) {
  const js = p.byType.script;
  rows.push(
    row(
      'page load',
      p.key,
      `${p.requests} requests, ${(p.bytes / KB).toFixed(1)} KB (JS ${js?.requests ?? 0} / ${((js?.bytes ?? 0) / KB).toFixed(1)} KB)`,
      find(`${p.key} byte count matches the page load`),
    ),
  );
}
for (const r of realPhone) {
  rows.push(
    row(
      'slow phone',
      r.key,
      `first screen ${r.firstScreenMs} ms, LCP ${r.lcpMs} ms, tap (${r.tapped}) answered in ${r.tapMs} ms${r.tapRunsMs && r.tapRunsMs.length > 1 ? ` (median of ${r.tapRunsMs.join(', ')})` : ''}`,
      find(`${r.key} tap answered on a slow phone`),
    ),
  );
}
for (const l of lighthouse) {
  rows.push(
    row('Lighthouse', `${l.key} performance`, String(l.performance), find(`${l.key} Lighthouse performance`)),
  );
  rows.push(
    row(
      'Lighthouse',
      `${l.key} accessibility`,
      String(l.accessibility),
      find(`${l.key} Lighthouse accessibility`),
    ),
  );
  rows.push(row('Lighthouse', `${l.key} best practices`, String(l.bestPractices)));
  rows.push(row('Lighthouse', `${l.key} LCP`, `${l.lcpMs} ms`, find(`${l.key} LCP`)));
  rows.push(row('Lighthouse', `${l.key} TBT`, `${l.tbtMs} ms`, find(`${l.key} TBT`)));
  const floor = scriptFree.find((f) => f.key === l.key);
  if (floor)
    rows.push(
      row(
        'Lighthouse',
        `${l.key} TBT of its first screen without scripts (the browser's own work)`,
        `${floor.tbtMs} ms (runs ${floor.runs.map((r) => r.tbtMs).join(', ')})`,
      ),
    );
  rows.push(row('Lighthouse', `${l.key} CLS`, String(l.cls), find(`${l.key} CLS`)));
}
for (const r of apiResults) {
  for (const s of r.scenarios) {
    const isOrder = s.scenario === orderScenarioName;
    const measured = `${s.perSecond}/s${s.ratio === null ? '' : ` (${s.ratio}x)`}, p50 ${s.p50Ms} ms, p99 ${s.p99Ms} ms${s.failures ? `, ${s.failures} failed` : ''}`;
    const ratioV = find(`${r.database} ${s.scenario} vs baseline`);
    const p99V = find(`${r.database} ${s.scenario} p99`);
    const orderV = isOrder ? find(`${r.database} orders vs replay`) : undefined;
    const orderP99 = isOrder ? find(`${r.database} order calls p99`) : undefined;
    const pair = [ratioV ?? orderV, p99V ?? orderP99].filter((v): v is Verdict => v !== undefined);
    rows.push({
      area: `API ${r.database}`,
      item: s.scenario,
      measured,
      budget: pair.map(budgetText).join(', '),
      result: pair.length ? (pair.every((v) => v.met) ? 'met' : 'MISS') : '',
    });
  }
}
if (wants('api') && !apiResults.some((r) => r.database === budgets.api.database)) {
  rows.push(
    row(`API ${budgets.api.database}`, 'budgets', 'not measured: DATABASE_URL unset (pnpm bench:postgres)', {
      ...verdict('api', null, 0, '', 'min'),
    }),
  );
}

const loadAtEnd = load();
const machine = {
  cpus: cpus().length,
  loadAverageAtStart: loadAtStart,
  loadAverageAtEnd: loadAtEnd,
  node: process.version,
  chromium: (() => {
    try {
      return execFileSync(chromiumPath, ['--version'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim();
    } catch {
      return 'unknown';
    }
  })(),
};
const misses = verdicts.filter((v) => v.met !== true);
const note = `${started.toISOString()} on ${machine.cpus} cores, load average ${loadAtStart.join(' ')} at the start and ${loadAtEnd.join(' ')} at the end; ${machine.chromium}; Node ${machine.node}${shape ? `. Pages and Lighthouse: ${shape}` : ''}`;

process.stdout.write(`\n${plainTable(rows)}\n\n${note}\n`);
/** Written as the repository's prettier would (CI checks every file with it). */
async function writeFormatted(name: string, text: string) {
  const path = fileURLToPath(new URL(`../${name}`, import.meta.url));
  writeFileSync(path, await format(text, { ...(await resolveConfig(path)), filepath: path }));
}
await writeFormatted(
  'results.json',
  JSON.stringify({
    date: started.toISOString(),
    machine,
    parts: [...only],
    shape,
    entries,
    pages,
    pageLoads,
    realPhone,
    lighthouse,
    scriptFree,
    api: apiResults,
    verdicts,
  }),
);
await writeFormatted('results.md', `${markdownTable(rows)}\n\n${note}\n`);

if (values.check) {
  if (misses.length === 0) {
    process.stdout.write('\nEvery budget is met.\n');
  } else {
    process.stdout.write(`\n${misses.length} budget(s) not met:\n`);
    for (const v of misses) {
      const measured =
        v.measured === null ? 'not measured' : `${v.measured}${v.unit === 'score' ? '' : ` ${v.unit}`}`;
      process.stdout.write(
        `  ${v.budget}: ${measured} (budget ${budgetText(v)})${v.note ? ` - ${v.note}` : ''}\n`,
      );
    }
    process.exitCode = 1;
  }
}
