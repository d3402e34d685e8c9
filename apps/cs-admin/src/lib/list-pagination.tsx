/**
 * The pager of a list whose server counts its matches only up to `pageTotalCap` (the ticket queue, the order
 * search), so that a broad filter never makes the server count every row: above it the answer says `total_capped`, the total reads "1,000+" with a hint that a narrower
 * filter shows the rest, and the pages stop at the cap's last one (antd's pager keeps `current` within `total`).
 */
import { useTranslation } from 'react-i18next';
import { Pagination, Typography, type PaginationProps } from 'antd';
import { formatNumber } from '@gp/i18n/format';

export interface CountedPage {
  total: number;
  total_capped?: true | undefined;
}

export type ListPaginationProps = Omit<PaginationProps, 'total' | 'showTotal'> & {
  page: CountedPage;
  /** The exact total, e.g. "12 tickets" (a plural key takes `count`). */
  totalText: (count: number) => string;
  /** The capped total, e.g. "1,000+ tickets", given the cap written in the console language (lists whose
   * server never caps its count leave it out). */
  cappedText?: (atLeast: string) => string;
};

export function ListPagination({ page, totalText, cappedText, ...pagination }: ListPaginationProps) {
  const { t, i18n } = useTranslation('admin');
  return (
    <Pagination
      {...pagination}
      total={page.total}
      showTotal={(total) =>
        page.total_capped && cappedText ? (
          <>
            {cappedText(formatNumber(total, i18n.language))}{' '}
            <Typography.Text type="secondary">{t('list.cappedHint')}</Typography.Text>
          </>
        ) : (
          totalText(total)
        )
      }
    />
  );
}
