import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Flex, InputNumber, Select } from 'antd';
import { privacyRequestState } from '@gp/contracts/privacy';
import type { PrivacyFilters } from '../model/request-filters.ts';
import layout from '../../../lib/layout.module.css';

/**
 * The list's filters (kind, state, member UID), and for a member who asked customer service rather than the
 * account page: the download of their data by UID, and opening a deletion for them.
 */
export function PrivacyFiltersForm({
  filters,
  onApply,
  onDownload,
  downloading,
  onOpenDeletion,
}: {
  filters: PrivacyFilters;
  onApply: (next: PrivacyFilters) => void;
  onDownload: (mid: number) => void;
  downloading: boolean;
  /** Opens the "open a deletion" dialog for the UID typed, if any. */
  onOpenDeletion: (mid: number | null) => void;
}) {
  const { t } = useTranslation('admin');
  const [mid, setMid] = useState<number | null>(filters.mid ?? null);
  // Each applies as soon as it is chosen.
  const choices = [
    {
      key: 'kind',
      label: t('privacyRequests.kind'),
      any: t('privacyRequests.anyKind'),
      options: (['deletion', 'export'] as const).map((k) => ({
        value: k,
        label: t(`privacyRequests.kinds.${k}`),
      })),
    },
    {
      key: 'state',
      label: t('privacyRequests.state'),
      any: t('privacyRequests.anyState'),
      options: privacyRequestState.options.map((s) => ({
        value: s,
        label: t(`privacyRequests.states.${s}`),
      })),
    },
  ] as const;
  return (
    <Flex gap={12} align="center" wrap role="search" aria-label={t('privacyRequests.filters')}>
      {choices.map(({ key, label, any, options }) => (
        <Fragment key={key}>
          <label htmlFor={`privacy-${key}`}>{label}</label>
          <Select<string>
            id={`privacy-${key}`}
            allowClear
            className={layout.control}
            value={filters[key]}
            placeholder={any}
            onChange={(value) => onApply({ ...filters, [key]: value, page: 1 })}
            options={options}
          />
        </Fragment>
      ))}
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
      <Button danger onClick={() => onOpenDeletion(mid)}>
        {t('privacyRequests.openDeletion')}
      </Button>
    </Flex>
  );
}
