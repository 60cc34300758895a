/**
 * The layers' import direction (docs/architecture.md): core imports nothing outside core;
 * adapters never import api, web, cli or config; config (the environment both entry points
 * share) imports only packages; cli never imports api; web imports core but no server layer.
 * Biome's noRestrictedImports guards core too; this test also covers the other layers.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx)$/.test(name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => (m[1] ?? m[2]) as string,
  );
}

function layerOf(file: string, spec: string): string | null {
  if (!spec.startsWith('.')) return `pkg:${spec}`;
  return relative(ROOT, resolve(dirname(file), spec)).split('/')[0] ?? null;
}

const FORBIDDEN: Record<string, (target: string) => boolean> = {
  core: (t) => !t.startsWith('pkg:') && t !== 'core',
  config: (t) => !t.startsWith('pkg:') && t !== 'config',
  adapters: (t) => ['api', 'web', 'cli', 'config'].includes(t),
  cli: (t) => ['api', 'web'].includes(t),
  web: (t) => ['api', 'adapters', 'cli'].includes(t),
};

describe('import direction', () => {
  for (const layer of Object.keys(FORBIDDEN)) {
    it(`${layer}/ imports only what its layer may`, () => {
      const dir = layer === 'web' ? join(ROOT, 'web/src') : join(ROOT, layer);
      const offenders = files(dir).flatMap((file) =>
        importsOf(file)
          .map((spec) => ({ spec, target: layerOf(file, spec) }))
          .filter(({ target }) => target !== null && FORBIDDEN[layer]!(target))
          .map(({ spec }) => `${relative(ROOT, file)} → ${spec}`),
      );
      expect(offenders).toEqual([]);
    });
  }

  it('core/ has no package imports at all (no frameworks, no I/O); tests may use test tools', () => {
    const offenders = files(join(ROOT, 'core'))
      .filter((f) => !f.endsWith('.test.ts'))
      .flatMap((file) =>
        importsOf(file)
          .filter((spec) => !spec.startsWith('.'))
          .map((spec) => `${relative(ROOT, file)} → ${spec}`),
      );
    expect(offenders).toEqual([]);
  });

  it('web features do not import each other (shared → features → app; style habit 11)', () => {
    const featuresDir = join(ROOT, 'web/src/features');
    const featureOf = (path: string) => relative(featuresDir, path).split('/')[0] as string;
    const offenders = files(featuresDir).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => ({ spec, target: resolve(dirname(file), spec) }))
        .filter(({ target }) => !relative(featuresDir, target).startsWith('..'))
        .filter(({ target }) => featureOf(target) !== featureOf(file))
        .map(({ spec }) => `${relative(ROOT, file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('core/ never reads the clock, randomness or the environment directly', () => {
    const offenders = files(join(ROOT, 'core'))
      .filter((f) => !f.endsWith('.test.ts'))
      .filter((file) => /Date\.now\(|new Date\(\)|Math\.random\(|process\./.test(readFileSync(file, 'utf8')))
      .map((f) => relative(ROOT, f));
    expect(offenders).toEqual([]);
  });
});
