// For the component tests of this feature only (jsdom): the app's providers around a screen, English messages, a
// signed-in profile, the API answered by a fake fetch, and the few user actions the tests need (the repository has no
// testing-library: React's act and DOM events do it).
import { MantineProvider } from '@mantine/core';
import type { UserProfile } from '@portal/contracts';
import { loadMessages } from '@portal/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { afterEach } from 'vitest';
import { createRoot, type Root } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '../../../lib/i18n';
import { session } from '../../../lib/session';

// React's act() outside a test runner's own environment flag.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** jsdom lacks what Mantine measures with. */
export function stubBrowser(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= () => undefined;
  // Mantine's autosizing textarea listens for web fonts.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
}

export async function startEnglish(): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { translation: loadMessages('en') } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

export function signInAs(permissions: UserProfile['Permissions'], role: UserProfile['user_role'] = 'user'): void {
  session.authenticate({
    user_id: 7,
    login: 'pat@example.com',
    email: 'pat@example.com',
    first_name: 'Pat',
    last_name: 'Payer',
    company: 'Example Co',
    status: 'active',
    language: 'en',
    user_role: role,
    primary_account_type_id: 'Payer',
    third_party_id: null,
    last_login: null,
    num_logins: 1,
    require_password_change: false,
    Accounts: [],
    Permissions: permissions,
    impersonated_by: null,
  });
}

export type Answer = { status?: number; body?: unknown };
export type Call = { method: string; url: string; body: unknown };

/**
 * fetch answered by `answer` (by method and path), every call kept. A FormData body is kept as it is, a JSON body
 * parsed.
 */
export function fakeApi(answer: (method: string, path: string) => Answer | undefined): Call[] {
  const calls: Call[] = [];
  const fetch = async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = String(input);
    const body =
      init.body instanceof FormData ? init.body : typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const found = answer(method, new URL(url, 'http://portal.test').pathname) ?? {
      status: 404,
      body: { error: 'NOT_FOUND', messageKey: 'errors.codes.NOT_FOUND', message: 'Not found', uniqueId: 'test' },
    };
    return new Response(JSON.stringify(found.body ?? {}), {
      status: found.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  globalThis.fetch = fetch as typeof globalThis.fetch;
  return calls;
}

export type Rendered = { container: HTMLElement; path: () => string; unmount: () => void };

/** The screens rendered and not yet unmounted: `cleanup` unmounts them after each test. */
const mounted = new Set<() => void>();

/**
 * Unmounts every screen a test rendered and lets their last timers run while jsdom is still there: React work left
 * scheduled after the file's environment is torn down fails the run ("window is not defined").
 */
export async function cleanup(): Promise<void> {
  for (const unmount of [...mounted]) unmount();
  await settle(2);
  document.body.innerHTML = '';
}

// After every test of a file that uses this kit, as testing-library does: no file can forget it.
afterEach(cleanup);

/** The element at `path` (matched against `route`), other addresses rendering their path as text. */
export async function render(element: ReactNode, { route = '/', path = '/' } = {}): Promise<Rendered> {
  const container = document.createElement('div');
  document.body.append(container);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', element: <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  let root: Root;
  await act(async () => {
    root = createRoot(container);
    root.render(
      <MantineProvider>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>,
    );
  });
  const unmount = () => {
    if (!mounted.delete(unmount)) return;
    act(() => root.unmount());
    container.remove();
  };
  mounted.add(unmount);
  await settle();
  return { container, path: () => router.state.location.pathname, unmount };
}

/** Lets the fake answers arrive and React render them. */
export async function settle(rounds = 5): Promise<void> {
  for (let i = 0; i < rounds; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** What `find` finds once the page has settled: a modal's transition runs on timers, so it may take a few rounds. */
export async function eventually<T>(find: () => T | undefined, rounds = 40): Promise<T | undefined> {
  for (let round = 0; round < rounds; round += 1) {
    const found = find();
    if (found !== undefined) return found;
    await settle(1);
  }
  return find();
}

/**
 * The element whose trimmed text is `text` (or matches it), in the whole document (dialogs are portals): of the
 * selector's elements the first, or with no selector the innermost.
 */
export function byText(text: string | RegExp, selector?: string): HTMLElement | undefined {
  const matches = (element: Element) => {
    const own = element.textContent?.trim() ?? '';
    return typeof text === 'string' ? own === text : text.test(own);
  };
  const candidates = [...document.body.querySelectorAll<HTMLElement>(selector ?? '*')].filter(matches);
  return selector ? candidates[0] : candidates.find((element) => ![...element.children].some(matches));
}

/** The form control labelled `label` (by a label element or aria-label). */
export function byLabel(label: string): HTMLInputElement | HTMLTextAreaElement {
  // A required field's label ends with Mantine's asterisk.
  const found = [...document.body.querySelectorAll('label')].find(
    (element) => element.textContent?.replace(/\s*\*\s*$/, '').trim() === label,
  );
  const id = found?.htmlFor;
  const control =
    (id ? document.getElementById(id) : null) ??
    [...document.body.querySelectorAll('input, textarea')].find(
      (element) => element.getAttribute('aria-label') === label,
    );
  if (!control) throw new Error(`No control labelled ${label}`);
  return control as HTMLInputElement | HTMLTextAreaElement;
}

export async function click(element: Element | undefined): Promise<void> {
  if (!element) throw new Error('Nothing to click');
  await act(async () => {
    element.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    element.dispatchEvent(new MouseEvent('mouseup', { bubbles: true }));
    (element as HTMLElement).click();
  });
  await settle();
}

/** Types into an input or textarea as React sees it (its value setter, then an input event). */
export async function type(control: HTMLInputElement | HTMLTextAreaElement, value: string): Promise<void> {
  const prototype = control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
  await settle(1);
}
