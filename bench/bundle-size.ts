/**
 * Bundle sizes of the built web app and widget as the server sends them: the JavaScript a browser must load before a
 * screen shows (the entry chunk, the route's lazily loaded modules, and every chunk they import statically), in the
 * bytes that cross the network to a browser that accepts brotli — the build's `.br` copies that the server sends
 * (apps/web/scripts/precompress.mjs, plugins/web-app.ts), and the widget as the widget route compresses it
 * (features/widget/widget-bundle.ts) — against the budgets of issue 10 (issue 38: checked on the compressed bytes
 * actually served). The gzip copies, for browsers without brotli, are shown beside. Size is deterministic, so unlike
 * timings it is checked in CI:
 *   npx tsx bench/bundle-size.ts --check   (exit 1 when a budget is exceeded; run by `npm test` after the build)
 *   npx tsx bench/bundle-size.ts           (also writes the "Bundle sizes" section of docs/performance.md)
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { widgetBundleLoader } from '../apps/server/src/features/widget/widget-bundle';
import { writePerformanceSection } from './performance-doc';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const WIDGET_FILE = path.join(ROOT, 'apps/widget/dist/widget.js');

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Budget {
  name: string;
  /** Source modules the screen loads: the router's lazy layouts and route modules on its path. */
  modules: string[];
  /** The size CI refuses to exceed. */
  budgetKb: number;
  /** Issue 10's target, where the budget is looser than it (see docs/performance.md). */
  targetKb?: number;
}

/**
 * The screens with a budget (issue 10): the sign-in page and the admin console's first screen, at issue 10's targets.
 * The sign-in page loads zod (its forms validate with the shared contracts) and sonner (the toasts) after the first
 * screen (lib/lazy-zod-resolver.ts, lib/toast.ts): React 19 with React DOM, React Router, TanStack Query and
 * react-hook-form are most of what is left.
 */
const SCREENS: Budget[] = [
  { name: 'initial JS of /auth', modules: ['src/app/routes/auth/auth.tsx'], budgetKb: 180 },
  { name: 'initial JS of /admin', modules: ['src/app/layouts/admin-layout.tsx', 'src/app/routes/admin/dashboard.tsx'], budgetKb: 250 },
];
const WIDGET_BUDGET_KB = 25;

export interface BundleFigure {
  name: string;
  files: number;
  rawBytes: number;
  /** What the server sends a browser that accepts brotli (every current browser): the budgets apply to these. */
  servedBytes: number;
  /** What it sends a browser that accepts only gzip. */
  gzipBytes: number;
  budgetKb: number;
  targetKb?: number;
}

/** The bytes the server sends for a built file with this encoding: its precompressed copy, or the file itself (none was made: compressing did not make it smaller). */
function servedSize(file: string, extension: '.br' | '.gz'): number {
  if (!existsSync(`${file}.br`) && !existsSync(`${file}.gz`) && readFileSync(file).length >= 1024) {
    throw new Error(`${path.relative(ROOT, file)} has no precompressed copies: build with npm run build (apps/web's build precompresses).`);
  }
  return existsSync(`${file}${extension}`) ? readFileSync(`${file}${extension}`).length : readFileSync(file).length;
}

/** The chunk keys a module needs at once: itself and its static imports, transitively (dynamic imports are not). */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the web build's manifest (was it renamed? update bench/bundle-size.ts)`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

export async function measureBundles(): Promise<BundleFigure[]> {
  const manifestFile = path.join(WEB_DIST, '.vite/manifest.json');
  if (!existsSync(manifestFile) || !existsSync(WIDGET_FILE))
    throw new Error('Build first: npm run build (the web manifest and the widget are read from dist/).');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('The web manifest has no entry chunk.');
  const figures = SCREENS.map(({ name, modules, budgetKb, targetKb }): BundleFigure => {
    const files = [...closure(manifest, [entry, ...modules])].map((key) => path.join(WEB_DIST, manifest[key]!.file)).filter((file) => file.endsWith('.js'));
    return {
      name,
      files: files.length,
      rawBytes: files.reduce((sum, file) => sum + readFileSync(file).length, 0),
      servedBytes: files.reduce((sum, file) => sum + servedSize(file, '.br'), 0),
      gzipBytes: files.reduce((sum, file) => sum + servedSize(file, '.gz'), 0),
      budgetKb,
      targetKb,
    };
  });
  const widget = (await widgetBundleLoader(path.dirname(WIDGET_FILE))())!;
  figures.push({
    name: 'widget.js',
    files: 1,
    rawBytes: widget.body.length,
    servedBytes: widget.brotli.length,
    gzipBytes: widget.gzip.length,
    budgetKb: WIDGET_BUDGET_KB,
  });
  return figures;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const overBudget = (figure: BundleFigure) => figure.servedBytes > figure.budgetKb * 1024;

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const figures = await measureBundles();
  for (const f of figures) {
    console.log(
      `${overBudget(f) ? 'OVER ' : 'ok   '} ${f.name}: ${kb(f.servedBytes)} KB served (brotli; ${kb(f.gzipBytes)} KB gzip, ${kb(f.rawBytes)} KB raw, ${f.files} files), budget ${f.budgetKb} KB`,
    );
  }
  const over = figures.filter(overBudget);
  if (!check) {
    writePerformanceSection(
      'Bundle sizes',
      [
        "What a browser downloads before the screen shows: the entry chunk, the route's lazily loaded modules and every",
        "chunk they import statically, in the bytes the server sends: the build's brotli copies (quality 11) to a browser",
        'that accepts brotli, as every current browser does; its gzip copies (level 9) to one that does not; the widget as',
        'its route compresses it. The budgets apply to the brotli bytes, checked on every `npm test`',
        '(`bench/bundle-size.ts --check`); sizes do not depend on the machine.',
        '',
        '| bundle | files | raw | served (brotli) | gzip | budget (CI) | target (issue 10) |',
        '|---|---:|---:|---:|---:|---:|---:|',
        ...figures.map(
          (f) =>
            `| ${f.name} | ${f.files} | ${kb(f.rawBytes)} KB | ${kb(f.servedBytes)} KB | ${kb(f.gzipBytes)} KB | ${f.budgetKb} KB${overBudget(f) ? ' (over)' : ''} | ${f.targetKb ?? f.budgetKb} KB${f.servedBytes > (f.targetKb ?? f.budgetKb) * 1024 ? ' (not met)' : ''} |`,
        ),
        '',
        'How the sign-in page came under its target (figures gzip, as the budgets were then): since zod left its first',
        'screen, its forms still validate with the shared contracts, through a resolver that loads the schema (and zod, about 25 KB gzip) as the form appears',
        '(lib/lazy-zod-resolver.ts; 202 → 174 KB). Before that, the landing page, tooltips and the n8n texts were moved',
        'off its path (238 → 210 KB), then sonner, the toasts (lib/toast.ts; 210 → 202 KB). What is left is mostly React 19',
        'with React DOM (64 KB), React Router (30 KB), react-hook-form (13 KB) and TanStack Query (11 KB).',
      ].join('\n'),
    );
  }
  if (over.length > 0) {
    console.error(`Bundle budget exceeded: ${over.map((f) => f.name).join(', ')}`);
    process.exit(1);
  }
}

await main();
