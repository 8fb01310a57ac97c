/** Types of scripts/build-server.mjs (a plain script: npm start runs it before tsx is involved). */
export declare const SERVER_OUT_DIR: string;
export declare const SERVER_SOURCES: string[];
export declare function buildServer(
  outDir?: string,
  from?: string,
  entries?: Record<string, string>,
): Promise<void>;
