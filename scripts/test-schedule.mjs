// How `npm test` orders its steps (decision 0119). First the checks, two at a time: lint in one
// line; typecheck, the formatting check and the build in the other. They compute and never wait,
// so two of them fill the machine's two cores. Then the tests, one step at a time: the whole Vitest
// suite, the PGlite files if any, then the browser tests. The tests wait on one another's processes
// (a server, its database, a browser), and on this kind of machine anything running beside them,
// even at the lowest CPU priority, slowed them by more than it saved. Steps that mostly wait on
// the network and the disk (`fetches`: the n8n test's toolchain, decision 0171) run beside the
// checks, in a line of their own; the tests wait for them too.

/**
 * Runs the steps in that order with `run(step)`, which resolves when the step has ended (and
 * starts nothing once a step has failed). Resolves when every step has ended.
 */
export async function runSchedule({ lint, checks, fetches = [], tests }, run) {
  const inTurn = (steps) => steps.reduce((chain, step) => chain.then(() => run(step)), Promise.resolve());
  await Promise.all([run(lint), inTurn(checks), inTurn(fetches)]);
  await inTurn(tests);
}
