// The one password policy (issue 13, NIST SP 800-63B), used wherever a password is set: reset, change,
// registration, invite completion, admin recovery and an administrator setting one. Length (12–128 after NFKC,
// any characters, no composition rules) comes from packages/domain so that forms say it first; here the password
// is also refused when zxcvbn-ts, with its common-password and English dictionaries, scores it below 3, or when it
// contains the name part of the user's e-mail address.
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import { normalizePassword, passwordLengthProblem } from '@portal/domain';
import { AppError } from '../../errors';

const minimumScore = 3;

// Built on first use: loading the dictionaries takes a moment and most processes never set a password.
let factory: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
  });
  return factory;
}

/** The key of the rule the password breaks, or undefined when it may be used. */
export function passwordPolicyProblem(password: string, context: { email?: string } = {}): string | undefined {
  const lengthProblem = passwordLengthProblem(password);
  if (lengthProblem) return lengthProblem;
  const normalised = normalizePassword(password).toLowerCase();
  const emailName = context.email?.split('@')[0]?.trim().toLowerCase() ?? '';
  if (emailName.length >= 3 && normalised.includes(emailName)) return 'validation.password_policy.contains_email';
  const userInputs = emailName ? [emailName] : [];
  if (estimator().check(normalised, userInputs).score < minimumScore) return 'validation.password_policy.too_common';
  return undefined;
}

/** Refuses with 400 VALIDATION_FAILED naming the field and the broken rule (shown in the user's language). */
export function assertPasswordPolicy(password: string, field: string, context: { email?: string } = {}): void {
  const problem = passwordPolicyProblem(password, context);
  if (problem) throw new AppError('VALIDATION_FAILED', { messageKey: problem, details: { fields: [field] } });
}
