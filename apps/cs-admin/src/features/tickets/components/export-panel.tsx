/**
 * "Export to Excel" for the filtered queue: the file is built as a job on the server; this shows its progress,
 * then the signed download link and until when it works.
 */
import { useTranslation } from 'react-i18next';
import { Alert, Button, Space, Typography } from 'antd';
import type { RequestOf } from '@gp/contracts';
import type { deskExportStart } from '@gp/contracts/desk';
import { deskErrorText } from '../model/desk-errors.ts';
import { useExport } from '../api/use-export.ts';
import { formatUntil } from '../model/format.ts';
import layout from '../../../lib/layout.module.css';

export function ExportPanel({ filters }: { filters: RequestOf<typeof deskExportStart> }) {
  const { t, i18n } = useTranslation('desk');
  const { state, start } = useExport();
  const working = state.kind === 'starting' || state.kind === 'pending';
  return (
    <Space orientation="vertical" className={layout.fullWidth}>
      <Button onClick={() => start(filters)} loading={working}>
        {t('export.start')}
      </Button>
      <div aria-live="polite">
        {working && (
          <Typography.Text type="secondary">
            {state.kind === 'pending' && state.rows !== null
              ? t('export.progressRows', { count: state.rows })
              : t('export.progress')}
          </Typography.Text>
        )}
        {state.kind === 'done' && (
          <Alert
            type="success"
            showIcon
            title={
              <a href={state.url} download>
                {state.rows !== null ? t('export.downloadRows', { count: state.rows }) : t('export.download')}
              </a>
            }
            description={
              state.expiresAt
                ? t('export.expires', { time: formatUntil(state.expiresAt, i18n.language) })
                : undefined
            }
          />
        )}
        {state.kind === 'failed' && <Alert type="error" showIcon title={t('export.failed')} />}
        {state.kind === 'error' && <Alert type="error" showIcon title={deskErrorText(t, state.error)} />}
      </div>
    </Space>
  );
}
