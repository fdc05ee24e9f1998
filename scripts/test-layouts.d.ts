/** Types of `scripts/test-layouts.js`, which jest.config.js (plain CommonJS) and `infra/test/layouts.test.ts` share. */
export declare const LAYOUT_MARKER: string;
export declare function testFiles(root: string): string[];
export declare function markedFiles(root: string): string[];
export declare function pinned(root: string, file: string): boolean;
export declare function deploysAVault(root: string, file: string): boolean;
