import {
  getEmailConfig,
  previewEmailTemplate,
  putEmailConfig,
  smtpTest,
  type EmailConfig,
  type EmailTemplateKey,
  type EmailTemplateText,
} from '@portal/contracts';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export const emailConfigQuery = (key: EmailTemplateKey) =>
  queryOptions({
    queryKey: ['configuration', 'email', key],
    queryFn: ({ signal }) => call(getEmailConfig, undefined, { params: { key }, signal }),
  });

export const saveEmailConfig = (key: EmailTemplateKey, body: Pick<EmailConfig, 'isEnabled' | 'templates'>) =>
  call(putEmailConfig, body, { params: { key }, silent: true });

export const previewEmail = (key: EmailTemplateKey, text: EmailTemplateText) =>
  call(previewEmailTemplate, text, { params: { key }, silent: true });

export const sendTestEmail = (testEmail: string) => call(smtpTest, { testEmail }, { silent: true });
