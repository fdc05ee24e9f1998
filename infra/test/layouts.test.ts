/**
 * The svc-vault-v3 jest project runs exactly the test files marked `// layouts: both` (first line), the selection
 * `jest.config.js` reads from `scripts/test-layouts.js`. A test that deploys a vault must run on both layouts unless
 * it pins one (`contractVersion: 'svc-…'`), so an unmarked one fails here instead of silently losing v3 coverage.
 */
import path from 'node:path';
import { deploysAVault, LAYOUT_MARKER, markedFiles, pinned, testFiles } from '../../scripts/test-layouts';

const root = path.resolve(__dirname, '../..');

describe('test layouts', () => {
  const marked = new Set(markedFiles(root));

  it('marks every test that deploys a vault on the run layout', () => {
    const unmarked = testFiles(root).filter((file) => deploysAVault(root, file) && !marked.has(file));
    expect(
      unmarked.map((file) => `${file}: deploys a vault; add "${LAYOUT_MARKER}" as its first line`),
    ).toEqual([]);
  });

  it('marks no test pinned to one layout', () => {
    expect([...marked].filter((file) => pinned(root, file))).toEqual([]);
  });

  it('is the svc-vault-v3 project of jest.config.js', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const config = require('../../jest.config.js') as {
      projects: { displayName: string; testMatch: string[] }[];
    };
    const v3 = config.projects.find((project) => project.displayName === 'svc-vault-v3');
    expect(v3?.testMatch).toEqual([...marked].map((file) => `<rootDir>/${file}`));
  });
});
