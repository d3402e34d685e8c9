/**
 * The observability profile's files as the tools themselves read them: Prometheus's configuration and the alert
 * rules (`promtool check config`, `promtool test rules`), Alertmanager's configuration after its start script
 * wrote the webhook in (`amtool check-config`), and that they agree with compose.yaml (the services they scrape,
 * the metrics port, the mounted files). Needs promtool and amtool (Debian: prometheus, prometheus-alertmanager;
 * `.ci/run` installs them).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { repoRoot } from './stack.ts';

const folder = join(repoRoot, 'deploy/observability');
const tool = (command: string, args: string[], env: NodeJS.ProcessEnv = process.env) => {
  const result = spawnSync(command, args, { cwd: folder, encoding: 'utf8', env });
  if (result.error)
    throw new Error(`${command} is missing (apt-get install prometheus prometheus-alertmanager)`);
  return { status: result.status, out: `${result.stdout}${result.stderr}` };
};

interface Compose {
  services: Record<
    string,
    {
      profiles?: string[];
      environment?: Record<string, string>;
      volumes?: string[];
      command?: string[];
      entrypoint?: string[];
    }
  >;
  'x-app': { environment: Record<string, string> };
}
const compose = parse(readFileSync(join(repoRoot, 'deploy/compose.yaml'), 'utf8'), {
  merge: true,
}) as Compose;
const prometheus = parse(readFileSync(join(folder, 'prometheus.yml'), 'utf8')) as {
  rule_files: string[];
  scrape_configs: Array<{ job_name: string; static_configs: Array<{ targets: string[] }> }>;
};

describe('the observability profile', () => {
  it("Prometheus's configuration as its start script writes it loads with the rules, which pass their tests", () => {
    const dir = mkdtempSync(join(tmpdir(), 'gp-prom-'));
    const start = (env: Record<string, string>) =>
      tool('sh', ['prometheus-start.sh', 'render-only'], {
        PATH: process.env.PATH,
        PROMETHEUS_CONFIG_DIR: dir,
        ...env,
      });
    expect(start({ SITE_DOMAIN: 'joypeak.example' }).status).toBe(0);
    const written = readFileSync(join(dir, 'prometheus.yml'), 'utf8');
    expect(written).toContain("'https://www.joypeak.example/', 'https://api.joypeak.example/healthz'");
    expect(written).not.toContain('${');
    const config = tool('promtool', ['check', 'config', join(dir, 'prometheus.yml')]);
    expect(config.status, config.out).toBe(0);
    expect(config.out).toMatch(/SUCCESS: \d+ rules found/);
    expect(start({}).out).toContain('set SITE_DOMAIN');
    expect(start({ SITE_DOMAIN: 'x.example|rm' }).status).not.toBe(0);
    const tests = tool('promtool', ['test', 'rules', 'alert-rules.test.yml']);
    expect(tests.status, tests.out).toBe(0);
  });

  it('has a runbook line for every alert', () => {
    const rules = (
      parse(readFileSync(join(folder, 'alert-rules.yml'), 'utf8')) as {
        groups: Array<{ rules: Array<{ alert: string }> }>;
      }
    ).groups.flatMap((g) => g.rules.map((r) => r.alert));
    expect(rules.length).toBeGreaterThan(15);
    const readme = readFileSync(join(folder, 'README.md'), 'utf8');
    const runbook = readme.slice(readme.indexOf('## Runbook'));
    for (const alert of rules) expect(runbook, alert).toMatch(new RegExp(`^- \\*\\*${alert}\\*\\* \\(`, 'm'));
  });

  it('Alertmanager starts with the webhook from the environment, and refuses to start without one', () => {
    const out = join(mkdtempSync(join(tmpdir(), 'gp-am-')), 'alertmanager.yml');
    const url = 'https://hooks.example.com/services/T0/B1?team=ops&x=1';
    const start = (env: Record<string, string>) =>
      tool('sh', ['alertmanager-start.sh', 'render-only'], {
        PATH: process.env.PATH,
        ALERTMANAGER_CONFIG_OUT: out,
        ...env,
      });
    expect(start({ ALERT_WEBHOOK_URL: url }).status).toBe(0);
    expect(readFileSync(out, 'utf8')).toContain(`url: '${url}'`);
    const checked = tool('amtool', ['check-config', out]);
    expect(checked.status, checked.out).toBe(0);
    const missing = start({});
    expect(missing.status).not.toBe(0);
    expect(missing.out).toContain('set ALERT_WEBHOOK_URL');
    expect(start({ ALERT_WEBHOOK_URL: "https://x.example/'; rm" }).status).not.toBe(0);
  });

  it('scrapes what compose runs, on the port compose gives the metrics', () => {
    const metricsPort = compose['x-app'].environment.METRICS_PORT;
    const targets = Object.fromEntries(
      prometheus.scrape_configs.map((c) => [c.job_name, c.static_configs.flatMap((s) => s.targets)]),
    );
    expect(targets['gp-api']).toEqual([`api-1:${metricsPort}`, `api-2:${metricsPort}`]);
    expect(targets['gp-worker']).toEqual([`worker:${metricsPort}`]);
    const probe = prometheus.scrape_configs.find((c) => c.job_name === 'gp-certificates') as unknown as {
      relabel_configs: Array<{ replacement?: string }>;
    };
    expect(compose.services).toHaveProperty('blackbox-exporter');
    expect(probe.relabel_configs.at(-1)!.replacement).toBe('blackbox-exporter:9115');
    for (const [job, list] of Object.entries(targets)) {
      if (job === 'prometheus' || job === 'gp-certificates') continue;
      for (const target of list)
        expect(compose.services, `${job}: ${target}`).toHaveProperty(target.split(':')[0]!);
    }
    // Every profile service is in the profile, and the files they mount exist.
    for (const name of [
      'prometheus',
      'alertmanager',
      'grafana',
      'postgres-exporter',
      'backup-exporter',
      'blackbox-exporter',
    ]) {
      const service = compose.services[name]!;
      expect(service.profiles, name).toEqual(['observability']);
      for (const volume of service.volumes ?? []) {
        const [source] = volume.split(':');
        if (source!.startsWith('./') && !source!.endsWith('backups'))
          expect(existsSync(join(repoRoot, 'deploy', source!)), volume).toBe(true);
      }
    }
    // The backup's age comes from the folder the backup service writes.
    expect(compose.services['backup-exporter']!.volumes).toContain('./backups:/backups:ro');
    expect(compose.services.backup!.volumes).toContain('./backups:/backups');
  });

  it("provisions Grafana with the profile's Prometheus and the dashboard", () => {
    const sources = parse(
      readFileSync(join(folder, 'grafana/provisioning/datasources/prometheus.yml'), 'utf8'),
    ) as { datasources: Array<{ url: string; isDefault: boolean; type: string }> };
    expect(sources.datasources).toEqual([
      expect.objectContaining({ type: 'prometheus', url: 'http://prometheus:9090', isDefault: true }),
    ]);
    const dashboards = parse(
      readFileSync(join(folder, 'grafana/provisioning/dashboards/gp.yml'), 'utf8'),
    ) as {
      providers: Array<{ options: { path: string } }>;
    };
    const path = dashboards.providers[0]!.options.path;
    expect(compose.services.grafana!.volumes).toContain(
      `./observability/grafana-dashboard.json:${path}/grafana-dashboard.json:ro`,
    );
    expect(compose.services.grafana!.entrypoint!.join(' ')).toContain('GF_SECURITY_ADMIN_PASSWORD');
  });
});
