import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { newPassword, STAFF_MESSAGES } from '../../../contract/staff';

/** zxcvbn's scale runs 0–4; 3 is "safely unguessable: moderate protection from offline attacks". */
const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;
let common: Set<string> | undefined;

// Building the matchers takes a noticeable moment, so it happens on the first check, not at start-up.
function checker() {
  estimator ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  common ??= new Set(dictionary['passwords-common']);
  return { estimator, common };
}

/**
 * Why a new password is refused, or null: the shape rules of the contract, then whether it is a common
 * password or easy to guess, also from the person's own e-mail and name.
 */
export function passwordProblem(password: string, personal: string[] = []): string | null {
  const shape = newPassword().safeParse(password);
  if (!shape.success) return shape.error.issues[0]?.message ?? STAFF_MESSAGES.passwordTooShort;
  const { estimator, common } = checker();
  if (common.has(password.toLowerCase())) return STAFF_MESSAGES.passwordTooWeak;
  if (estimator.check(password, personal).score < MIN_SCORE) return STAFF_MESSAGES.passwordTooWeak;
  return null;
}
