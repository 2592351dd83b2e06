// POST /api/token/auto-register/user — the story (access spec §2 /auto-register/create, §3, §4 Registration, §5;
// issue 13): registration is on; every field passes the spec §5 rules and the password policy; each account carries
// a valid proof from PUT /api/users/account/validate; the e-mail is lowercased. A new user gets role user, status
// waiting-confirmation, account type Payer, the proven accounts and a confirmation mail, all in one transaction.
// An address that already has an account creates nothing: the answer is the same Success, and the owner is mailed a
// password-reset link instead, so the call does not reveal who has an account.
import { maxLinkedAccounts, type RegistrationRequest } from '@portal/contracts';
import { validateRegistrationForm } from '@portal/domain';
import type { Language } from '@portal/i18n';
import type { AppContext } from '../../app-context';
import { AppError, assertNoFieldErrors } from '../../errors';
import type { ClientInfo } from '../../http/client-info';
import { recordAuditEvent } from '../audit/audit.repository';
import { assertPasswordPolicy } from '../auth/password-policy';
import { hashPassword } from '../auth/passwords';
import { mayResetPassword, queueResetPasswordMail } from '../auth/reset-password-mail';
import { rolePermissions } from '@portal/contracts';
import { findUserByLogin, insertUser, type UserRow } from '../users/users.repository';
import { queueConfirmationMail } from './confirmation-mail';
import { verifyAccountProof } from './prove-account';
import { assertRegistrationOn, readRegistrationLinkTtlMs } from './registration-settings';

export async function registerUser(
  ctx: AppContext,
  input: RegistrationRequest,
  client: ClientInfo & { language: Language },
): Promise<{ message: 'Success'; isConfirmed: false }> {
  await assertRegistrationOn(ctx);
  const errors = validateRegistrationForm(input);
  assertNoFieldErrors(errors);
  const accounts = input.accounts ?? [];
  if (
    accounts.length === 0 ||
    accounts.length > maxLinkedAccounts ||
    !accounts.every((a) => verifyAccountProof(ctx, a))
  )
    throw new AppError('VALIDATION_FAILED', {
      messageKey: 'errors.registration.account_proof_invalid',
      details: { fields: ['accounts'] },
    });
  const keys = accounts.map((a) => `${a.primary_account}|${a.company_code}`);
  if (new Set(keys).size !== keys.length)
    throw new AppError('VALIDATION_FAILED', { messageKey: 'errors.account.already_added', reason: 'duplicate' });
  const email = input.email.trim().toLowerCase();
  assertPasswordPolicy(input.password, 'password', { email });
  // Hashed before the address is looked up, so that a known address costs the same time as a new one.
  const passwordHash = await hashPassword(input.password);
  const now = ctx.now();
  const audit = { subject: email, ip: client.ip, userAgent: client.userAgent, requestId: client.requestId };

  const existing = await findUserByLogin(ctx.db, email);
  if (existing) {
    await mailExistingOwner(ctx, existing);
    await recordAuditEvent(ctx.db, {
      ...audit,
      at: now,
      event: 'registration_existing_email',
      userId: existing.userId,
    });
    return { message: 'Success', isConfirmed: false };
  }
  const ttlMs = await readRegistrationLinkTtlMs(ctx.db);
  const userId = await ctx.db.transaction(async (tx) => {
    const user = {
      login: email,
      email,
      firstName: input.first_name.trim(),
      lastName: input.last_name.trim(),
      company: input.company.trim(),
      language: client.language,
    };
    const id = await insertUser(
      tx,
      {
        ...user,
        passwordHash,
        status: 'waiting-confirmation',
        isConfirmed: false,
        profile: 'dummy',
        userRole: 'user',
        primaryAccountTypeId: 'Payer',
        permissions: [...rolePermissions.user],
        lastPasswordChange: now,
      },
      accounts.map((account) => ({
        primaryAccount: account.primary_account,
        accountType: account.account_type,
        companyCode: account.company_code,
        salesOrganization: account.sales_organization,
        distributionChannel: account.distribution_channel,
        division: account.division,
      })),
    );
    await queueConfirmationMail(tx, ctx, { ...user, userId: id }, ttlMs);
    return id;
  });
  ctx.mail.kick();
  await recordAuditEvent(ctx.db, {
    ...audit,
    at: now,
    event: 'registration',
    userId,
    details: { accounts: accounts.map((a) => a.primary_account) },
  });
  return { message: 'Success', isConfirmed: false };
}

/** The owner of an address that registers again gets a reset link: the likely reason is a forgotten password. */
async function mailExistingOwner(ctx: AppContext, user: UserRow): Promise<void> {
  if (!mayResetPassword(user)) return;
  await ctx.db.transaction((tx) => queueResetPasswordMail(tx, ctx, user));
  ctx.mail.kick();
}
