/**
 * The second factor's gate on every session route (decision 0092), run by http/route-access.ts
 * once the route's access passed:
 *
 * - a session that signed in with the first factor only reaches the routes marked "pending"
 *   (the second step itself, who am I; signing out is public): 403 second_factor_pending;
 * - while the admin's setting is on, an admin without a factor reaches the "pending" and "enrol"
 *   routes only: 403 second_factor_enrolment_required;
 * - a sensitive action ("step-up"), and adding or removing a factor when one exists ("enrol"),
 *   needs a check of this session within STEP_UP_MINUTES: 403 second_factor_required.
 */
import type { FastifyRequest } from "fastify";
import type { Queryable } from "../../db/connect.js";
import { AppError } from "../../http/errors.js";
import { sessionCookieValue } from "../../http/session-auth.js";
import { isPending, secondFactorState, type SecondFactorState } from "../../identity/second-factor-state.js";
import { reasoned } from "../../../shared/error-reasons.js";
import { STEP_UP_MINUTES } from "../../../shared/schemas/second-factor.js";
import type { Settings } from "../settings/service.js";

const PENDING_MESSAGE = "Finish signing in: enter the code from your authenticator app, or use your passkey.";
const ENROLMENT_MESSAGE =
  "Every admin account needs a second factor: add an authenticator app or a passkey on the security page first.";

/** Did this session pass a second factor within STEP_UP_MINUTES? */
export function recentlyVerified(state: SecondFactorState, now = Date.now()): boolean {
  return state.verifiedAt !== null && now - state.verifiedAt.getTime() <= STEP_UP_MINUTES * 60_000;
}

/** 403 second_factor_required unless the session passed its factor lately (nothing to ask without one). */
function requireFreshSecondFactor(state: SecondFactorState): void {
  if (state.enrolled && !recentlyVerified(state))
    throw new AppError(
      "second_factor_required",
      `Confirm it is you with your second factor, then try again within ${STEP_UP_MINUTES} minutes.`,
      reasoned("second_factor_required", { minutes: STEP_UP_MINUTES }),
    );
}

/** An admin without a factor: the only one the settings can ask to enrol. */
const mayHaveToEnrol = (user: { isAdmin: boolean }, state: SecondFactorState): boolean =>
  user.isAdmin && !state.enrolled;

/** Must this admin enrol before anything else? */
export async function mustEnrol(
  user: { isAdmin: boolean },
  state: SecondFactorState,
  readSettings: () => Promise<Settings>,
): Promise<boolean> {
  return mayHaveToEnrol(user, state) && (await readSettings()).requireAdminSecondFactor;
}

export function secondFactorGate(opts: {
  db: Queryable;
  readSettings: () => Promise<Settings>;
}): (request: FastifyRequest) => Promise<void> | undefined {
  // Throws to refuse. Decided without a promise unless the state or the settings must be read:
  // every signed-in request passes through here.
  return (request) => {
    const user = request.user;
    if (!user) return undefined;
    // Read with the session (http/session-auth.ts sets both); read fresh should it ever be missing,
    // so the gate never lets a user through without it.
    if (request.secondFactor) return decide(request, user, request.secondFactor);
    return secondFactorState(opts.db, user.id, sessionCookieValue(request)).then((state) => {
      request.secondFactor = state;
      return decide(request, user, state);
    });
  };

  function decide(
    request: FastifyRequest,
    user: { isAdmin: boolean },
    state: SecondFactorState,
  ): Promise<void> | undefined {
    const mode = request.routeOptions.config.secondFactor;
    if (isPending(state)) {
      if (mode === "pending") return undefined;
      throw new AppError("second_factor_pending", PENDING_MESSAGE);
    }
    // Only then are the settings read. Without a factor there is no step-up to check either.
    if (mode !== "pending" && mode !== "enrol" && mayHaveToEnrol(user, state))
      return mustEnrol(user, state, opts.readSettings).then((must) => {
        if (must) throw new AppError("second_factor_enrolment_required", ENROLMENT_MESSAGE);
      });
    if (mode === "step-up" || mode === "enrol") requireFreshSecondFactor(state);
    return undefined;
  }
}
