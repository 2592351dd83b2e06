// Every route of both specs (access §2, invoices §2) with its guard. Which tree exists depends on the auth
// status and the blackout flag (access §2, start-up routing).
import type { BlackoutStatus, PayerData, Permission } from '@portal/contracts';
import { isValidElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { matchPath, Navigate, Route } from 'react-router';
import { DEFAULT_SIGNED_IN_PATH, SIGN_IN_PATH } from '../config/constants';
import { SignInPage } from '../features/auth/components/sign-in-page';
import { SystemErrorPage } from '../features/auth/components/system-error-page';
import { BlackoutPage } from '../features/maintenance/components/blackout-page';
import { reminderReturnPath } from '../features/payments/utils/reminder-link';
import { sessionStore, storageKeys } from '../lib/browser-storage';
import { allMessages } from '../lib/i18n';
import { afterLoginPath } from '../lib/last-url';
import { hasPermission, useSession } from '../lib/session';
import { RequirePermission } from './guards/require-permission';
import { ReceivablesSection } from './layout/receivables-nav';
import { SettingsSection } from './layout/settings-nav';
import { TitleOnlyPage } from './pages/title-only-page';

type ScreenModule<P> = { default: ComponentType<P> };

/**
 * A feature screen, loaded on its first visit (so that the sign-in page does not carry its code) together with the
 * rest of the reader's messages: it renders once both are there (lib/i18n.ts allMessages). `preload` starts both
 * before React asks (main.tsx, for the address the page was opened at); once they are there the screen renders at
 * once, without a pass through its Suspense fallback (issue 17: one render of the whole page fewer).
 */
function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>) {
  let loaded: ScreenModule<P> | undefined;
  let loading: Promise<ScreenModule<P>> | undefined;
  const preload = (): Promise<ScreenModule<P>> =>
    (loading ??= Promise.all([load(), allMessages()]).then(
      ([component]) => (loaded = { default: component }),
      (error: unknown) => {
        loading = undefined; // tried again on the next visit
        throw error;
      },
    ));
  // A thenable that answers at once: React.lazy takes the screen without suspending when it is already loaded.
  const screen = lazy(
    () =>
      (loaded ? { then: (resolve: (module: ScreenModule<P>) => void) => resolve(loaded!) } : preload()) as Promise<
        ScreenModule<P>
      >,
  );
  return Object.assign(screen, { preload });
}

const InvoicesPage = lazyScreen(() =>
  import('../features/invoices/components/invoices-page').then((m) => m.InvoicesPage),
);
const InvoiceDetailPage = lazyScreen(() =>
  import('../features/invoices/components/invoice-detail-page').then((m) => m.InvoiceDetailPage),
);
const InvoiceSearchPage = lazyScreen(() =>
  import('../features/invoices/components/invoice-search-page').then((m) => m.InvoiceSearchPage),
);
const PaymentMethodsPage = lazyScreen(() =>
  import('../features/payment-methods/components/payment-methods-page').then((m) => m.PaymentMethodsPage),
);

const PayInvoicesPage = lazyScreen(() =>
  import('../features/payments/components/pay-invoices-page').then((m) => m.PayInvoicesPage),
);
const ProcessingPaymentPage = lazyScreen(() =>
  import('../features/payments/components/processing-payment-page').then((m) => m.ProcessingPaymentPage),
);
const PaymentStatusPage = lazyScreen(() =>
  import('../features/payments/components/payment-status-page').then((m) => m.PaymentStatusPage),
);
const StatementsPage = lazyScreen(() =>
  import('../features/statements/components/statements-page').then((m) => m.StatementsPage),
);
const ScheduledPaymentsPage = lazyScreen(() =>
  import('../features/scheduled-payments/components/scheduled-payments-page').then((m) => m.ScheduledPaymentsPage),
);
const PaymentHistoryPage = lazyScreen(() =>
  import('../features/payment-history/components/payment-history-page').then((m) => m.PaymentHistoryPage),
);
const GuestPaymentPage = lazyScreen(() =>
  import('../features/guest-payment/components/guest-payment-page').then((m) => m.GuestPaymentPage),
);
const GuestPaymentStatusPage = lazyScreen(() =>
  import('../features/guest-payment/components/guest-payment-status-page').then((m) => m.GuestPaymentStatusPage),
);
const DepositsPage = lazyScreen(() =>
  import('../features/deposits/components/deposits-page').then((m) => m.DepositsPage),
);
const ProcessingDepositPage = lazyScreen(() =>
  import('../features/deposits/components/processing-deposit-page').then((m) => m.ProcessingDepositPage),
);
const DepositStatusPage = lazyScreen(() =>
  import('../features/deposits/components/deposit-status-page').then((m) => m.DepositStatusPage),
);
const ProfilePage = lazyScreen(() => import('../features/profile/components/profile-page').then((m) => m.ProfilePage));
const OutboxPage = lazyScreen(() => import('../features/mail/components/outbox-page').then((m) => m.OutboxPage));
const RequestPasswordResetPage = lazyScreen(() =>
  import('../features/auth/components/request-password-reset-page').then((m) => m.RequestPasswordResetPage),
);
const ResetPasswordPage = lazyScreen(() =>
  import('../features/auth/components/reset-password-page').then((m) => m.ResetPasswordPage),
);
const LinkAccountsPage = lazyScreen(() =>
  import('../features/registration/components/link-accounts-page').then((m) => m.LinkAccountsPage),
);
const CreateAccountPage = lazyScreen(() =>
  import('../features/registration/components/create-account-page').then((m) => m.CreateAccountPage),
);
const ConfirmInstructionsPage = lazyScreen(() =>
  import('../features/registration/components/confirm-instructions-page').then((m) => m.ConfirmInstructionsPage),
);
const ConfirmRegistrationPage = lazyScreen(() =>
  import('../features/registration/components/confirm-registration-page').then((m) => m.ConfirmRegistrationPage),
);
const WaitingConfirmationPage = lazyScreen(() =>
  import('../features/registration/components/waiting-confirmation-page').then((m) => m.WaitingConfirmationPage),
);
const AdminRecoveryPage = lazyScreen(() =>
  import('../features/admin-recovery/components/admin-recovery-page').then((m) => m.AdminRecoveryPage),
);
const UsersPage = lazyScreen(() => import('../features/users/components/users-page').then((m) => m.UsersPage));
const UserEditPage = lazyScreen(() =>
  import('../features/users/components/user-edit-page').then((m) => m.UserEditPage),
);
const RegistrationRequestsPage = lazyScreen(() =>
  import('../features/users/components/registration-requests-page').then((m) => m.RegistrationRequestsPage),
);
const AuditPage = lazyScreen(() => import('../features/audit/components/audit-page').then((m) => m.AuditPage));
const PaymentsReceivedPage = lazyScreen(() =>
  import('../features/payments-received/components/payments-received-page').then((m) => m.PaymentsReceivedPage),
);
const ConfigurationPage = lazyScreen(() =>
  import('../features/configuration/components/configuration-page').then((m) => m.ConfigurationPage),
);
const IntegrationPage = lazyScreen(() =>
  import('../features/integration/components/integration-page').then((m) => m.IntegrationPage),
);
const ImportsPage = lazyScreen(() =>
  import('../features/ledger-imports/components/imports-page').then((m) => m.ImportsPage),
);
const InvitePage = lazyScreen(() =>
  import('../features/registration/components/invite-page').then((m) => m.InvitePage),
);
const RequestAccessPage = lazyScreen(() =>
  import('../features/registration/components/request-access-page').then((m) => m.RequestAccessPage),
);
const CollectionsPage = lazyScreen(() =>
  import('../features/collections/components/collections-page').then((m) => m.CollectionsPage),
);
const ReminderScheduleTab = lazyScreen(() =>
  import('../features/collections/components/reminder-schedule-tab').then((m) => m.ReminderScheduleTab),
);
const PromiseToPayAction = lazyScreen(() =>
  import('../features/collections/components/promise-to-pay-action').then((m) => m.PromiseToPayAction),
);
const PromisesSection = lazyScreen(() =>
  import('../features/collections/components/promises-section').then((m) => m.PromisesSection),
);
const DisputesPage = lazyScreen(() =>
  import('../features/disputes/components/disputes-page').then((m) => m.DisputesPage),
);
const DisputeDetailPage = lazyScreen(() =>
  import('../features/disputes/components/dispute-detail-page').then((m) => m.DisputeDetailPage),
);
const RaiseDisputeButton = lazyScreen(() =>
  import('../features/disputes/components/raise-dispute-action').then((m) => m.RaiseDisputeButton),
);
const RaiseDisputeSelectionAction = lazyScreen(() =>
  import('../features/disputes/components/raise-dispute-action').then((m) => m.RaiseDisputeSelectionAction),
);
const DisputeReasonsSection = lazyScreen(() =>
  import('../features/disputes/components/dispute-reasons-section').then((m) => m.DisputeReasonsSection),
);
const ManagePaymentMethodsToggle = lazyScreen(() =>
  import('../features/payment-methods/components/manage-payment-methods-toggle').then(
    (m) => m.ManagePaymentMethodsToggle,
  ),
);

// The pay page and the deposit form show the payment-methods feature's Manage toggle; features do not import each
// other, so the app composes them here.
const manageMethods = (payer: PayerData) => (
  <Suspense fallback={null}>
    <ManagePaymentMethodsToggle payer={payer} />
  </Suspense>
);
const payInvoicesPage = <PayInvoicesPage manageMethods={manageMethods} />;

// Issue 38: collections shows in three other features' screens: the promise to pay beside the invoice list's Continue,
// the user's promises on the scheduled payments page, and the reminder schedules as a tab of the configuration.
// Issue 39: disputes are raised from the invoice list (one invoice chosen) and the invoice detail, and their reasons
// are set beside the reminder schedules.
const invoicesPage = (
  <InvoicesPage
    selectionActions={
      <Suspense fallback={null}>
        <PromiseToPayAction />
        <RaiseDisputeSelectionAction />
      </Suspense>
    }
  />
);
const invoiceDetailPage = (
  <InvoiceDetailPage
    disputeAction={(invoice) => (
      <Suspense fallback={null}>
        <RaiseDisputeButton invoice={invoice} />
      </Suspense>
    )}
  />
);
const scheduledPaymentsPage = (
  <ScheduledPaymentsPage
    promises={
      <Suspense fallback={null}>
        <PromisesSection />
      </Suspense>
    }
  />
);
const configurationPage = (
  <ConfigurationPage
    collectionsTab={
      <Suspense fallback={null}>
        <ReminderScheduleTab />
        <DisputeReasonsSection />
      </Suspense>
    }
  />
);

type SignedInRoute = {
  path: string;
  titleKey: string;
  permission?: Permission;
  /** Administrators only (a role, not a permission: the audit trail). */
  adminOnly?: boolean;
  notForThirdParty?: boolean;
  element?: ReactNode;
  /** The area whose links stand above the page: Settings for /settings/… by default, or Receivables (issue 38). */
  section?: 'settings' | 'receivables';
  /** The page is in its section only for a user holding this permission (issue 39: Disputes, the AR team's). */
  sectionPermission?: Permission;
};

// Screens of later issues show their title only (TitleOnlyPage) until their feature replaces `element`.
const signedInRoutes: SignedInRoute[] = [
  { path: '/invoices', titleKey: 'shell.pages.invoices', element: invoicesPage },
  {
    path: '/invoices/pay',
    titleKey: 'shell.pages.invoices_pay',
    permission: 'CanMakePayment',
    element: payInvoicesPage,
  },
  {
    path: '/invoices/detail/:billingDocumentNumber',
    titleKey: 'shell.pages.invoice_detail',
    element: invoiceDetailPage,
  },
  {
    path: '/invoices/processing-payment',
    titleKey: 'shell.pages.invoices_processing_payment',
    permission: 'CanMakePayment',
    element: <ProcessingPaymentPage />,
  },
  {
    path: '/invoices/payment-status',
    titleKey: 'shell.pages.invoices_payment_status',
    permission: 'CanMakePayment',
    element: <PaymentStatusPage />,
  },
  { path: '/invoice-history', titleKey: 'shell.pages.invoice_history', element: <InvoiceSearchPage /> },
  { path: '/payment-history', titleKey: 'shell.pages.payment_history', element: <PaymentHistoryPage /> },
  // Issue 29: the scheduled payments and AutoPay of the user; the e-mails about them link here.
  {
    path: '/scheduled-payments',
    titleKey: 'shell.pages.scheduled_payments',
    permission: 'CanMakePayment',
    element: scheduledPaymentsPage,
  },
  // No guard on the form itself: it tells a user who may not make deposits why (not permitted, internal user,
  // payments or deposits disabled), which the generic no-permission page cannot; the server refuses the deposit.
  { path: '/deposits', titleKey: 'shell.pages.deposits', element: <DepositsPage manageMethods={manageMethods} /> },
  {
    path: '/deposits/processing-payment',
    titleKey: 'shell.pages.deposits_processing_payment',
    permission: 'CanMakePayment',
    element: <ProcessingDepositPage />,
  },
  {
    path: '/deposits/payment-status',
    titleKey: 'shell.pages.deposits_payment_status',
    permission: 'CanMakePayment',
    element: <DepositStatusPage />,
  },
  { path: '/statements', titleKey: 'shell.pages.statements', element: <StatementsPage /> },
  { path: '/help', titleKey: 'shell.pages.help' },
  // Hidden from third-party users (no link: their cog opens payment methods, spec §2) but not refused: at this
  // address they see their details and accounts read-only (issue 13), without the password change.
  { path: '/settings/profile', titleKey: 'shell.pages.settings_profile', element: <ProfilePage /> },
  {
    path: '/settings/outbox',
    titleKey: 'shell.pages.settings_outbox',
    permission: 'CanEditSystemConfig',
    element: <OutboxPage />,
  },
  {
    path: '/settings/users',
    titleKey: 'shell.pages.settings_users',
    permission: 'CanViewUsers',
    element: <UsersPage />,
  },
  {
    path: '/settings/users/add',
    titleKey: 'shell.pages.settings_users_add',
    permission: 'CanManageUsers',
    element: <UserEditPage />,
  },
  {
    path: '/settings/users/add/:registrationRequestId',
    titleKey: 'shell.pages.settings_users_add',
    permission: 'CanManageUsers',
    element: <UserEditPage />,
  },
  {
    path: '/settings/users/:userId',
    titleKey: 'shell.pages.settings_user_edit',
    permission: 'CanManageUsers',
    element: <UserEditPage />,
  },
  {
    path: '/settings/registration-requests',
    titleKey: 'shell.pages.settings_registration_requests',
    permission: 'CanManageRegistrationRequests',
    element: <RegistrationRequestsPage />,
  },
  { path: '/settings/audit', titleKey: 'shell.pages.settings_audit', adminOnly: true, element: <AuditPage /> },
  // Issue 38: Receivables (the staff's side of the money coming in). Payments received keeps its address of issue 27.
  {
    path: '/collections',
    titleKey: 'shell.pages.collections',
    permission: 'CanManageCollections',
    section: 'receivables',
    element: <CollectionsPage />,
  },
  // Issue 39: one address for both sides. No guard: a customer user sees the disputes of the invoices it sees (an
  // e-mail about one links here), the AR team (CanManageDisputes) every one, under Receivables; the server decides.
  {
    path: '/disputes',
    titleKey: 'shell.pages.disputes',
    section: 'receivables',
    sectionPermission: 'CanManageDisputes',
    element: <DisputesPage />,
  },
  {
    path: '/disputes/:id',
    titleKey: 'shell.pages.dispute_detail',
    section: 'receivables',
    sectionPermission: 'CanManageDisputes',
    element: <DisputeDetailPage />,
  },
  {
    path: '/settings/payments-received',
    titleKey: 'shell.pages.settings_payments_received',
    permission: 'CanViewReceivedPayments',
    section: 'receivables',
    element: <PaymentsReceivedPage />,
  },
  {
    path: '/settings/configuration',
    titleKey: 'shell.pages.settings_configuration',
    permission: 'CanEditSystemConfig',
    element: configurationPage,
  },
  {
    path: '/settings/integration',
    titleKey: 'shell.pages.settings_integration',
    permission: 'CanEditSystemConfig',
    element: <IntegrationPage />,
  },
  {
    path: '/settings/imports',
    titleKey: 'shell.pages.settings_imports',
    permission: 'CanEditSystemConfig',
    element: <ImportsPage />,
  },
  {
    path: '/settings/payment-methods',
    titleKey: 'shell.pages.settings_payment_methods',
    permission: 'CanManagePaymentMethods',
    element: <PaymentMethodsPage />,
  },
];

const sectionOf = (route: SignedInRoute): SignedInRoute['section'] =>
  route.section ?? (route.path.startsWith('/settings/') ? 'settings' : undefined);

/** The route's page with its area's links above it (a section that depends on the user: its permission). */
function InSection({ route, children }: { route: SignedInRoute; children: ReactNode }) {
  const { profile } = useSession();
  const section =
    route.sectionPermission && !hasPermission(profile, route.sectionPermission) ? undefined : sectionOf(route);
  if (section === 'settings') return <SettingsSection>{children}</SettingsSection>;
  if (section === 'receivables') return <ReceivablesSection>{children}</ReceivablesSection>;
  return children;
}

type SignedOutRoute = { path: string; titleKey: string; element?: ReactNode };

const signedOutRoutes: SignedOutRoute[] = [
  { path: '/register/:token', titleKey: 'auth.invite.title', element: <InvitePage /> },
  { path: '/request-access', titleKey: 'shell.pages.request_access', element: <RequestAccessPage /> },
  { path: '/auto-register/create', titleKey: 'auth.registration.create_title', element: <CreateAccountPage /> },
  {
    path: '/auto-register/confirm-instructions',
    titleKey: 'shell.pages.auto_register_confirm_instructions',
    element: <ConfirmInstructionsPage />,
  },
  {
    path: '/auto-register/confirm/:token',
    titleKey: 'shell.pages.auto_register_confirm',
    element: <ConfirmRegistrationPage />,
  },
  // Signed out, the waiting page has nothing to resend for: sign in first (the signed-in tree shows it).
  {
    path: '/auto-register/waiting-confirmation',
    titleKey: 'shell.pages.auto_register_waiting_confirmation',
    element: <Navigate to={SIGN_IN_PATH} replace />,
  },
  { path: '/auto-register/accounts', titleKey: 'auth.registration.link_accounts_title', element: <LinkAccountsPage /> },
  // Guest payment (issue 6) is a signed-out screen only (access §2 start-up routing): a signed-in user pays on
  // /invoices/pay and is sent to /invoices by the signed-in tree's catch-all.
  { path: '/guest-payment/guestpayment', titleKey: 'shell.pages.guest_payment', element: <GuestPaymentPage /> },
  {
    path: '/guest-payment/guest-payment-status',
    titleKey: 'shell.pages.guest_payment_status',
    element: <GuestPaymentStatusPage />,
  },
  {
    path: '/request-password-reset',
    titleKey: 'auth.password_reset.request_title',
    element: <RequestPasswordResetPage />,
  },
  { path: '/reset-password/:id', titleKey: 'auth.password_reset.title', element: <ResetPasswordPage /> },
];

/**
 * After sign-in the /signin address is left for the remembered page or /invoices (spec §2). Issue 38: a payment
 * reminder's link to the pay page, remembered when its reader was sent to sign in, is followed with its query.
 */
function AfterSignIn() {
  const lastUrl = sessionStore.get(storageKeys.lastUrl);
  return <Navigate to={reminderReturnPath(lastUrl) ?? afterLoginPath(lastUrl)} replace />;
}

/**
 * access spec §2: signed in during a maintenance window, / and /blackout show the blackout page, and so does every
 * other address for anyone but an administrator (the server refuses their calls anyway; the header keeps Log out).
 */
export function closedForMaintenanceRouteElements(status: BlackoutStatus): ReactNode {
  return (
    <>
      <Route path="/blackout" element={<BlackoutPage status={status} signedIn />} />
      <Route path="/system-error" element={<SystemErrorPage />} />
      <Route path="*" element={<Navigate to="/blackout" replace />} />
    </>
  );
}

export function signedInRouteElements(): ReactNode {
  return (
    <>
      <Route index element={<Navigate to={DEFAULT_SIGNED_IN_PATH} replace />} />
      <Route path="/blackout" element={<Navigate to={DEFAULT_SIGNED_IN_PATH} replace />} />
      {signedInRoutes.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={
            <RequirePermission
              permission={route.permission}
              adminOnly={route.adminOnly}
              notForThirdParty={route.notForThirdParty}
            >
              <InSection route={route}>
                <Suspense fallback={null}>{route.element ?? <TitleOnlyPage titleKey={route.titleKey} />}</Suspense>
              </InSection>
            </RequirePermission>
          }
        />
      ))}
      <Route path="/settings" element={<Navigate to="/settings/profile" replace />} />
      <Route path="/system-error" element={<SystemErrorPage />} />
      <Route path="/signin" element={<AfterSignIn />} />
      <Route path="/login/admin" element={<AfterSignIn />} />
      <Route path="*" element={<Navigate to={DEFAULT_SIGNED_IN_PATH} replace />} />
    </>
  );
}

/**
 * access spec §2, §4: a signed-in user whose e-mail is not confirmed yet reaches the waiting page only (the server
 * refuses every customer-data call to such a user anyway).
 */
export function waitingConfirmationRouteElements(): ReactNode {
  const waitingPath = '/auto-register/waiting-confirmation';
  return (
    <>
      <Route
        path={waitingPath}
        element={
          <Suspense fallback={null}>
            <WaitingConfirmationPage />
          </Suspense>
        }
      />
      {/* The confirmation link may be opened in the browser that is signed in and waiting. */}
      <Route
        path="/auto-register/confirm/:token"
        element={
          <Suspense fallback={null}>
            <ConfirmRegistrationPage />
          </Suspense>
        }
      />
      <Route path="/system-error" element={<SystemErrorPage />} />
      <Route path="*" element={<Navigate to={waitingPath} replace />} />
    </>
  );
}

export function signedOutRouteElements(blackout: BlackoutStatus): ReactNode {
  // spec §2: during a window only /login/admin (administrators) and the blackout page exist; /signin and
  // /admin/recovery only outside one.
  if (blackout.active) {
    return (
      <>
        <Route path="/login/admin" element={<SignInPage admin blackout={blackout} />} />
        <Route path="/blackout" element={<BlackoutPage status={blackout} signedIn={false} />} />
        <Route path="/system-error" element={<SystemErrorPage />} />
        <Route path="*" element={<Navigate to="/blackout" replace />} />
      </>
    );
  }
  return (
    <>
      <Route path="/login/admin" element={<Navigate to={SIGN_IN_PATH} replace />} />
      <Route path="/blackout" element={<Navigate to={SIGN_IN_PATH} replace />} />
      <Route path="/signin" element={<SignInPage />} />
      <Route
        path="/admin/recovery"
        element={
          <Suspense fallback={null}>
            <AdminRecoveryPage />
          </Suspense>
        }
      />
      <Route path="/system-error" element={<SystemErrorPage />} />
      {signedOutRoutes.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={<Suspense fallback={null}>{route.element ?? <TitleOnlyPage titleKey={route.titleKey} />}</Suspense>}
        />
      ))}
      <Route path="*" element={<Navigate to={SIGN_IN_PATH} replace />} />
    </>
  );
}

/**
 * Starts loading the screen at `pathname` (a signed-in user's when `signedIn`, else a visitor's), so that it arrives
 * beside the first screen's other reads instead of after the first render (main.tsx). Resolves when it is there, or
 * at once for an address without a screen of its own; a failed load is left to the screen's own render.
 */
export function preloadScreenAt(pathname: string, signedIn: boolean): Promise<unknown> {
  const path = pathname === '/' && signedIn ? DEFAULT_SIGNED_IN_PATH : pathname;
  const routes: { path: string; element?: ReactNode }[] = signedIn ? signedInRoutes : signedOutRoutes;
  const route = routes.find((candidate) => matchPath(candidate.path, path));
  const screen: unknown = isValidElement(route?.element) ? route.element.type : undefined;
  const preload = (screen as { preload?: () => Promise<unknown> } | undefined)?.preload;
  return preload ? preload().catch(() => undefined) : Promise.resolve();
}
