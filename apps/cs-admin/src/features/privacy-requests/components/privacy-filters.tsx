import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, InputNumber, Select } from 'antd';
import type { PrivacyFilters } from '../model/request-filters.ts';
import layout from '../../../lib/layout.module.css';

/**
 * The list's filters (kind, state, member UID), and the download of a member's data by UID, for a member who
 * asked customer service rather than the account page.
 */
export function PrivacyFiltersForm({
  filters,
  onApply,
  onDownload,
  downloading,
}: {
  filters: PrivacyFilters;
  onApply: (next: PrivacyFilters) => void;
  onDownload: (mid: number) => void;
  downloading: boolean;
}) {
  const { t } = useTranslation('admin');
  const [mid, setMid] = useState<number | null>(filters.mid ?? null);
  return (
    <Flex gap={12} align="center" wrap role="search" aria-label={t('privacyRequests.filters')}>
      <label htmlFor="privacy-kind">{t('privacyRequests.kind')}</label>
      <Select
        id="privacy-kind"
        allowClear
        className={layout.control}
        value={filters.kind}
        placeholder={t('privacyRequests.anyKind')}
        onChange={(kind?: PrivacyFilters['kind']) => onApply({ ...filters, kind, page: 1 })}
        options={(['deletion', 'export'] as const).map((k) => ({
          value: k,
          label: t(`privacyRequests.kinds.${k}`),
        }))}
      />
      <label htmlFor="privacy-state">{t('privacyRequests.state')}</label>
      <Select
        id="privacy-state"
        allowClear
        className={layout.control}
        value={filters.state}
        placeholder={t('privacyRequests.anyState')}
        onChange={(state?: PrivacyFilters['state']) => onApply({ ...filters, state, page: 1 })}
        options={(['pending', 'cancelled', 'done'] as const).map((s) => ({
          value: s,
          label: t(`privacyRequests.states.${s}`),
        }))}
      />
      <label htmlFor="privacy-mid">UID</label>
      <InputNumber
        id="privacy-mid"
        min={1}
        precision={0}
        className={layout.controlNarrow}
        value={mid}
        onChange={(value) => setMid(typeof value === 'number' ? value : null)}
      />
      <Button onClick={() => onApply({ ...filters, ...(mid ? { mid } : { mid: undefined }), page: 1 })}>
        {t('privacyRequests.search')}
      </Button>
      <Button disabled={!mid} loading={downloading} onClick={() => mid && onDownload(mid)}>
        {t('privacyRequests.downloadForUid')}
      </Button>
    </Flex>
  );
}
