import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's layers (docs/architecture.md, "Layers"): features on top, each a module entered through its index.ts;
 * below them services, plugins, jobs, providers, rag, db and lib, which import no feature; and no import cycle
 * anywhere, type imports included. ESLint enforces the arrows file by file (eslint.config.js); this test reads the
 * whole graph, which is the only place a cycle shows.
 */
const src = path.dirname(fileURLToPath(import.meta.url));
const featuresDir = path.join(src, 'features');
const BELOW_FEATURES = ['services', 'plugins', 'jobs', 'providers', 'rag', 'db', 'lib'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' && dir === src ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name) ? [full] : [];
  });
}

function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), base.replace(/\.js$/, '.ts')]) {
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every source file and the source files it imports (static, type-only and dynamic imports, and re-exports). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(src)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles.map((imported) => resolveImport(file, imported.fileName)).filter((target): target is string => target !== null);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The strongly connected components with more than one file, or a file importing itself (Tarjan). */
function cycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || graph.get(node)!.includes(node)) found.push(component);
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const relative = (file: string) => path.relative(src, file);
const featureOf = (file: string) => {
  const inFeatures = path.relative(featuresDir, file);
  return inFeatures.startsWith('..') ? null : inFeatures.split(path.sep)[0]!;
};

describe('the server’s layers', () => {
  const graph = importGraph();

  it('has no import cycle', () => {
    expect(cycles(graph).map((component) => component.map(relative).sort())).toEqual([]);
  });

  it('reads the whole source tree (a resolver that found nothing would pass the other checks)', () => {
    const edges = [...graph.values()].reduce((sum, targets) => sum + targets.length, 0);
    expect(graph.size).toBeGreaterThan(300);
    expect(edges).toBeGreaterThan(graph.size);
    expect(graph.get(path.join(src, 'app.ts'))).toContain(path.join(featuresDir, 'chat', 'index.ts'));
  });

  it('has an index.ts, the public entry, in every feature, and nothing outside a feature imports a file behind it', () => {
    const features = readdirSync(featuresDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
    expect(features.filter((feature) => !existsSync(path.join(featuresDir, feature.name, 'index.ts'))).map((f) => f.name)).toEqual([]);
    const pastTheEntry = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => featureOf(target) !== null && featureOf(target) !== featureOf(file))
        .filter((target) => target !== path.join(featuresDir, featureOf(target)!, 'index.ts'))
        .map((target) => `${relative(file)} -> ${relative(target)}`),
    );
    expect(pastTheEntry).toEqual([]);
  });

  it('names each feature alike in the server and the shared contracts: a feature with routes has contracts/<name>.ts', () => {
    // The widget's routes serve its script and its demo page: no JSON goes either way.
    const NO_CONTRACT = new Set(['widget']);
    const contracts = path.join(src, '..', '..', '..', 'packages', 'shared', 'src', 'contracts');
    const withRoutes = readdirSync(featuresDir).filter((name) => existsSync(path.join(featuresDir, name, 'routes.ts')));
    expect(withRoutes.length).toBeGreaterThan(40);
    expect(withRoutes.filter((name) => !NO_CONTRACT.has(name) && !existsSync(path.join(contracts, `${name}.ts`)))).toEqual([]);
  });

  it.each(BELOW_FEATURES)('%s/ imports no feature', (layer) => {
    const reaching = [...graph]
      .filter(([file]) => relative(file).startsWith(`${layer}${path.sep}`))
      .flatMap(([file, targets]) => targets.filter((target) => featureOf(target) !== null).map((target) => `${relative(file)} -> ${relative(target)}`));
    expect(reaching).toEqual([]);
  });
});
