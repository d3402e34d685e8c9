/**
 * The lists in the READMEs that name what a folder holds (the API's modules, a package's public entries, the
 * i18n namespaces, an app's features, the workspace's apps and packages). Each list is compared with the
 * folder itself, so a README that stops telling the truth fails the tests.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface ReadmeList {
  readme: string;
  what: string;
  /** Names the README must mention. */
  names: string[];
  /** How a name must appear (defaults to in backticks, alone or as the last part of a path). */
  mentions?: (name: string) => RegExp;
}

const dirs = (path: string) =>
  existsSync(path)
    ? readdirSync(path)
        .filter((e) => statSync(join(path, e)).isDirectory())
        .sort()
    : [];
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const inBackticks = (name: string) => new RegExp('`(?:[^`\\s]*/)?' + escape(name) + '/?`');

function packageExports(dir: string): string[] {
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as {
    name: string;
    exports?: Record<string, unknown>;
  };
  return Object.keys(pkg.exports ?? {}).map((key) =>
    key === '.' ? pkg.name : `${pkg.name}/${key.slice(2)}`,
  );
}

export function readmeLists(root: string): ReadmeList[] {
  const lists: ReadmeList[] = [
    {
      readme: 'README.md',
      what: 'workspace folders (Layout)',
      names: ['apps', 'packages', 'tools'].flatMap((top) => dirs(join(root, top)).map((d) => `${top}/${d}`)),
      mentions: (name) => new RegExp('(^|\\s|`)' + escape(name) + '(/|\\s|`|$)', 'm'),
    },
    {
      readme: 'apps/api/README.md',
      what: 'API modules (src/modules/*)',
      names: dirs(join(root, 'apps/api/src/modules')),
      mentions: (name) => new RegExp('`(?:src/)?modules/' + escape(name) + '/'),
    },
    {
      readme: 'packages/i18n/README.md',
      what: 'namespaces (locales/en/*.json)',
      names: readdirSync(join(root, 'packages/i18n/locales/en'))
        .filter((f) => f.endsWith('.json'))
        .map((f) => f.replace(/\.json$/, ''))
        .sort(),
    },
  ];
  for (const top of ['packages', 'tools']) {
    for (const name of dirs(join(root, top))) {
      const dir = join(root, top, name);
      if (!existsSync(join(dir, 'package.json'))) continue;
      const names = packageExports(dir);
      if (!names.length) continue;
      lists.push({
        readme: `${top}/${name}/README.md`,
        what: 'public entries (package.json exports)',
        names,
        mentions: (n) => new RegExp('`' + escape(n) + '`'),
      });
    }
  }
  for (const app of dirs(join(root, 'apps'))) {
    const features = dirs(join(root, 'apps', app, 'src/features'));
    if (features.length)
      lists.push({
        readme: `apps/${app}/README.md`,
        what: 'features (src/features/*)',
        names: features,
        mentions: (n) => new RegExp('`(?:src/)?features/' + escape(n) + '(?:/[^`]*)?`'),
      });
  }
  return lists;
}

/** The names a README's list lacks. */
export function missingFromReadme(root: string, list: ReadmeList): string[] {
  const path = join(root, list.readme);
  if (!existsSync(path)) return [`(${list.readme} does not exist)`];
  const text = readFileSync(path, 'utf8');
  const mentions = list.mentions ?? inBackticks;
  return list.names.filter((name) => !mentions(name).test(text));
}
