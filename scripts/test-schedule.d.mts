export interface Step {
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string | undefined>;
}
export function runSchedule(
  steps: { lint: Step; checks: Step[]; fetches?: Step[]; tests: Step[] },
  run: (step: Step) => Promise<boolean>,
): Promise<void>;
