import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Partners install @yv/sdk alone: what it runs may import only its own files and its declared dependencies.
const SRC = path.resolve(__dirname, '../src');
const manifest = JSON.parse(readFileSync(path.resolve(__dirname, '../package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

describe('@yv/sdk as a package', () => {
  it('imports nothing at runtime but its own files and its dependencies, none of them @yv', () => {
    const allowed = new Set(Object.keys(manifest.dependencies));
    expect([...allowed].filter((name) => name.startsWith('@yv/'))).toEqual([]);
    const foreign = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.ts'))
      .flatMap((file) =>
        [...readFileSync(path.join(SRC, file), 'utf8').matchAll(/from '([^']+)'/g)].map(
          (m) => `${file}: ${m[1]}`,
        ),
      )
      .filter((line) => {
        const spec = line.split(': ')[1] as string;
        return !spec.startsWith('.') && !allowed.has(spec);
      });
    expect(foreign).toEqual([]);
  });
});
