// Admin-entered HTML (a theme's banner), sanitised in the browser right before it is shown (lib/sanitize-html.ts).
// DOMPurify loads with the first such HTML, so that the sign-in page's first load does not carry it (issue 17): the
// element keeps its place meanwhile and gets its content when the sanitiser is there.
import { useQuery } from '@tanstack/react-query';
import type { HTMLAttributes } from 'react';

const sanitizerQuery = {
  queryKey: ['sanitize-html'],
  queryFn: async () => ({ sanitize: (await import('../../lib/sanitize-html')).sanitizeHtml }),
  staleTime: Infinity,
  gcTime: Infinity,
};

type Props = { html: string } & Omit<HTMLAttributes<HTMLDivElement>, 'children' | 'dangerouslySetInnerHTML'>;

export function SanitizedHtml({ html, ...attributes }: Props) {
  const sanitizer = useQuery(sanitizerQuery).data;
  return <div {...attributes} dangerouslySetInnerHTML={sanitizer && { __html: sanitizer.sanitize(html) }} />;
}
