// The browser's half of the HTML policy (packages/domain html-policy.ts): admin-entered HTML is sanitised again
// right before it is rendered, whatever the server answered.
import DOMPurify from 'dompurify';
import { htmlPolicy, installHtmlPolicyHooks } from '@portal/domain';

const purify = DOMPurify(window);
installHtmlPolicyHooks(purify);

export function sanitizeHtml(html: string): string {
  return purify.sanitize(html, {
    ...htmlPolicy,
    ALLOWED_TAGS: [...htmlPolicy.ALLOWED_TAGS],
    ALLOWED_ATTR: [...htmlPolicy.ALLOWED_ATTR],
  });
}
