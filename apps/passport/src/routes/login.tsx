import { useTranslation } from 'react-i18next';

export default function Login() {
  const { t } = useTranslation('passport');
  return <h1>{t('login.title')}</h1>;
}
