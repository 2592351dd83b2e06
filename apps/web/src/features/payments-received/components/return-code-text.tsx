// A returned debit's code as the bank's words (money-back.return_codes: "R01 insufficient funds"); a code the portal
// does not know, as it came.
import { useTranslation } from 'react-i18next';

export function ReturnCodeText({ code }: { code: string }) {
  const { t } = useTranslation();
  return <>{t(`money-back.return_codes.${code}`, { defaultValue: code })}</>;
}
