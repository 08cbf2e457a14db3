/**
 * A reason the server cannot start that a person can act on: its message says what is wrong and
 * what to do, and start-up prints it alone, without a stack trace (issue 65 §4).
 */
export class StartupError extends Error {
  override name = "StartupError";
}
