// Types for scripts/build-catalog.mjs, imported by src/catalog.test.ts.
export declare const messagesDir: string;
export declare const catalogFile: string;
export declare function listMessageFiles(): { layer: string; area: string; path: string }[];
export declare function renderCatalog(): Promise<string>;
