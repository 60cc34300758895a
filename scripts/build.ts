/**
 * The production build after `vite build` (issue 18, N76): the web app's text files compressed once
 * (Brotli and gzip beside each file, served as they are by serveStatic), and the server compiled by
 * esbuild into one ES module, dist/server/server.js, that `npm start` runs with plain node (tsx
 * stays for development). Packages stay in node_modules (native ones cannot be bundled).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const WEB = join(ROOT, 'dist/web');
const OUT = join(ROOT, 'dist/server/server.js');
/** The same threshold as the server's own compression (api/app.ts). */
const THRESHOLD = 1024;
const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|map|xml)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

function precompress(): { files: number; bytes: number; brotli: number; gzip: number } {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const file of files(WEB)) {
    if (!TEXT.test(file) || statSync(file).size < THRESHOLD) continue;
    const bytes = readFileSync(file);
    const br = brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    });
    const gz = gzipSync(bytes, { level: 9 });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    totals.files++;
    totals.bytes += bytes.length;
    totals.brotli += br.length;
    totals.gzip += gz.length;
  }
  return totals;
}

/**
 * Modules that find files next to themselves (`new URL('../../migrations', import.meta.url)`) keep
 * doing so from the bundle: their `import.meta.url` becomes their own source file's URL, computed
 * from the bundle's location so the build can move with the checkout.
 */
const ownImportMetaUrl = (outfile: string): Plugin => ({
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.url') || args.path.includes('node_modules')) return undefined;
      const fromBundle = relative(dirname(outfile), args.path).split('\\').join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
});

/** Compiles api/server.ts into one ES module (the bench compiles its own copy the same way). */
export async function buildServer(outfile = OUT): Promise<string> {
  await build({
    entryPoints: [join(ROOT, 'api/server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    plugins: [ownImportMetaUrl(outfile)],
    logLevel: 'warning',
  });
  return outfile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const t0 = performance.now();
  const web = precompress();
  await buildServer();
  const kb = (n: number) => `${Math.round(n / 1024)} KB`;
  console.log(
    `[build] ${web.files} web files precompressed (${kb(web.bytes)} → br ${kb(web.brotli)}, gzip ${kb(web.gzip)}); ` +
      `server → ${relative(ROOT, OUT)} in ${Math.round(performance.now() - t0)} ms`,
  );
}
