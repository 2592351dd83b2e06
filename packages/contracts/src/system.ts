import { z } from 'zod';
import { defineRoute } from './route';

export const health = defineRoute({
  method: 'GET',
  path: '/api/health',
  duringBlackout: true,
  public: true,
  summary: 'The process is up.',
  response: z.object({ status: z.literal('ok'), version: z.string() }),
});

export const ready = defineRoute({
  method: 'GET',
  path: '/api/ready',
  duringBlackout: true,
  public: true,
  summary: 'The database answers.',
  response: z.object({ status: z.literal('ready') }),
});

export const FooterLinks = z.object({
  privacyPolicy: z.string(),
  termsAndConditions: z.string(),
  contactUs: z.string(),
});

/** What the shell needs before sign-in: which buttons to show on the sign-in screen. */
export const publicConfig = defineRoute({
  method: 'GET',
  path: '/api/config',
  duringBlackout: true,
  public: true,
  summary: 'Public switches for the sign-in screen and the shell.',
  response: z.object({
    allowRegistration: z.boolean(),
    allowGuestPayment: z.boolean(),
    companyName: z.string(),
    version: z.string(),
  }),
});

export const footerLinks = defineRoute({
  method: 'GET',
  path: '/api/configuration/getfooterlinks',
  allowUnconfirmed: true,
  summary: 'Footer links (shown only when signed in and configured).',
  response: FooterLinks,
});
