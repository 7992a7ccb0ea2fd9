/** Set by vite.config.ts at build time: the persisted query cache of another build is dropped. */
declare const __BUILD_ID__: string;
