import type { ImgHTMLAttributes } from 'react';
import type { ArticleSummary } from '@gp/contracts/web';
import styles from './article-cover.module.css';

/**
 * An article's cover in the size the device gets (the H5 one on H5). It has no text of its own: the title beside
 * it says what it shows, and repeating it would be read twice.
 */
export function ArticleCover({
  article,
  h5,
  className,
  ...img
}: {
  article: Pick<ArticleSummary, 'cover' | 'cover_h5'>;
  h5: boolean;
  /** Its place and its corners where it is shown. */
  className: string | undefined;
} & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'width' | 'height' | 'className'>) {
  const cover = h5 ? article.cover_h5 : article.cover;
  return (
    <img
      className={`${styles.cover} ${className ?? ''}`}
      src={cover.url}
      alt=""
      width={cover.width || (h5 ? 640 : 800)}
      height={cover.height || (h5 ? 360 : 450)}
      {...img}
    />
  );
}
