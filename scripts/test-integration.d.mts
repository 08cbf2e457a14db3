export const PGLITE_FILES: string[];
export function integrationSteps(env?: Record<string, string | undefined>): {
  label: string;
  args: string[];
  env: Record<string, string | undefined>;
}[];
