/**
 * Builds the SDK's dist/ as partners install it: one ES module and one CommonJS bundle of src/ (openapi-fetch
 * stays a dependency), and the declarations twice, as .d.mts and .d.cts, with explicit extensions on every relative
 * import, since TypeScript's node16 resolution refuses extensionless ones in ES module declarations. The workspace
 * itself keeps importing src/ (the manifest's `main`); only the packed manifest points at dist/.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';

const SDK = path.resolve(__dirname, '..');
const SRC = path.join(SDK, 'src');

async function bundle(outDir: string): Promise<void> {
  const common = {
    entryPoints: [path.join(SRC, 'index.ts')],
    bundle: true,
    // No Node built-in is imported: the same files serve servers and browser bundlers.
    platform: 'neutral' as const,
    target: 'es2022',
    external: ['openapi-fetch'],
    logLevel: 'warning' as const,
  };
  await build({ ...common, format: 'esm', outfile: path.join(outDir, 'index.mjs') });
  await build({ ...common, format: 'cjs', outfile: path.join(outDir, 'index.cjs') });
}

/** `./client` from a file of `srcDir` as the runtime file a declaration of that format must name. */
function withExtension(srcDir: string, spec: string, ext: 'mjs' | 'cjs'): string {
  if (existsSync(path.join(srcDir, `${spec}.ts`))) return `${spec}.${ext}`;
  if (existsSync(path.join(srcDir, spec, 'index.ts'))) return `${spec}/index.${ext}`;
  throw new Error(`sdk: cannot resolve ${spec} from ${srcDir}`);
}

/** Writes a declaration tsc emitted (`x.d.ts`) as `x.d.mts` and `x.d.cts`, each naming its own format's files. */
function writeBothFormats(outDir: string, file: string, text: string): void {
  const srcDir = path.join(SRC, path.relative(outDir, path.dirname(file)));
  const base = file.slice(0, -'.d.ts'.length);
  mkdirSync(path.dirname(file), { recursive: true });
  for (const ext of ['mjs', 'cjs'] as const) {
    const rewritten = text.replace(
      /(from |import\()(['"])(\.{1,2}\/[^'"]*)\2/g,
      (_, lead: string, quote: string, spec: string) =>
        `${lead}${quote}${withExtension(srcDir, spec, ext)}${quote}`,
    );
    writeFileSync(`${base}.d.${ext.slice(0, 1)}ts`, rewritten);
  }
}

function declarations(outDir: string): void {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(SDK, 'tsconfig.build.json'),
    { outDir, declaration: true, emitDeclarationOnly: true },
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: (d) => fail([d]) },
  );
  if (!config) throw new Error('sdk: tsconfig.build.json not found');
  const program = ts.createProgram(config.fileNames, config.options);
  const result = program.emit(undefined, (file, text) => writeBothFormats(outDir, file, text));
  const diagnostics = [...ts.getPreEmitDiagnostics(program), ...result.diagnostics];
  if (diagnostics.length > 0) fail(diagnostics);
}

function fail(diagnostics: readonly ts.Diagnostic[]): never {
  const host = {
    getCanonicalFileName: (f: string) => f,
    getCurrentDirectory: () => SDK,
    getNewLine: () => '\n',
  };
  throw new Error(ts.formatDiagnostics(diagnostics, host));
}

/** Writes dist/ into `outDir` (created if missing). */
export async function buildDist(outDir: string): Promise<void> {
  await bundle(outDir);
  declarations(outDir);
}
