import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A link to another site (a game's website, a fan group), opened in a new tab without giving that page a handle
 * on ours. The "opens in a new tab" hint is its description, so the link's name stays what it shows.
 */
export function ExternalLink({
  href,
  className,
  children,
}: {
  href: string;
  className?: string | undefined;
  children: ReactNode;
}) {
  const { t } = useTranslation('portal');
  const hint = useId();
  return (
    <>
      <a href={href} target="_blank" rel="noopener noreferrer" className={className} aria-describedby={hint}>
        {children}
      </a>
      <span id={hint} hidden>
        {t('common.newTab')}
      </span>
    </>
  );
}
