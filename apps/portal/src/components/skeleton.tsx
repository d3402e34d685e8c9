import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from '@gp/ui/visually-hidden';
import styles from './skeleton.module.css';

/**
 * Placeholder blocks in the shape of the content on its way (the loading state of a section), so the page does
 * not jump when it arrives. Screen readers hear "Loading…" once. The shimmer stops under reduced motion (tokens).
 */
export function Skeleton({ blocks }: { blocks: readonly { height: string; width?: string }[] }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.skeleton} role="status" aria-busy="true">
      <VisuallyHidden>{t('state.loading')}</VisuallyHidden>
      {blocks.map((b, i) => (
        <div
          key={i}
          className={styles.block}
          style={{ height: b.height, width: b.width ?? '100%' }}
          aria-hidden="true"
        />
      ))}
    </div>
  );
}
