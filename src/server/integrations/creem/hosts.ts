/** Creem's API hosts, one per mode: its keys are per mode too (a test-mode key starts creem_test_). */
export const CREEM_BASE_URLS = { test: "https://test-api.creem.io", prod: "https://api.creem.io" } as const;
export type CreemEnvironment = keyof typeof CREEM_BASE_URLS;
