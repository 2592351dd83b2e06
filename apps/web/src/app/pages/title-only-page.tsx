import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';

/**
 * A route whose screen belongs to a later issue: it shows only its translated title, never made-up content.
 * /statements stays like this for good (spec: "Placeholder that shows only a title").
 */
export function TitleOnlyPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <PageTitle>{t(titleKey)}</PageTitle>;
}
