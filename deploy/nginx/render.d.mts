// Types of render.mjs (plain JavaScript, so it runs with node alone) for the smoke test.
export const apps: ReadonlyArray<{ app: string; origin: string; pages?: string }>;
export const browserHeaders: Readonly<Record<string, string>>;
export function headerLines(app: string, appsRoot?: string): string;
export function render(outDir: string, env?: Record<string, string | undefined>, appsRoot?: string): string;
