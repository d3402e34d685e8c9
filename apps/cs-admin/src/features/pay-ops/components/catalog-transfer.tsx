import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Flex, Modal, Table, Typography } from 'antd';
import {
  catalogTransferPolicy,
  type CatalogImportResult,
  type TransferChange,
  type TransferProblem,
} from '@gp/contracts/pay-catalog-transfer';
import { saveBlob } from '../../../lib/save-json-file.ts';
import { transferCalls } from '../api/transfer.calls.ts';
import { payErrorText } from '../model/pay-errors.ts';

/** The file's bytes saved under its name (the browser's download). */
function download(fileName: string, base64: string, type: string): void {
  saveBlob(fileName, new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type }));
}

/**
 * "Export .xlsx" and "Import .xlsx" of a game's top-up catalog (how publishers move it from their test site to
 * production). The import first asks for a dry run and lists every change and every problem; "Apply N changes"
 * sends the same file back with the dry run's fingerprint, and stays disabled while the file has problems.
 */
export function CatalogTransfer({
  gameBaseId,
  gameName,
  region,
  onImported,
}: {
  gameBaseId: number;
  gameName: string;
  region: number;
  /** After an apply: the page reads the catalog again. */
  onImported: () => void;
}) {
  const { t } = useTranslation('ops');
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const [open, setOpen] = useState(false);

  const exportFile = async () => {
    setExporting(true);
    try {
      const file = await transferCalls.exportCatalog({
        distribution_region: region,
        game_base_id: gameBaseId,
      });
      download(file.file_name, file.content_base64, file.content_type);
      void message.success(t('pay.transfer.exported', { file: file.file_name }));
    } catch (error) {
      void message.error(payErrorText(t, error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Button loading={exporting} onClick={() => void exportFile()}>
        {t('pay.transfer.export')}
      </Button>
      <Button onClick={() => setOpen(true)}>{t('pay.transfer.import')}</Button>
      {open && (
        <CatalogImportDialog
          gameBaseId={gameBaseId}
          gameName={gameName}
          region={region}
          onClose={() => setOpen(false)}
          onImported={(count) => {
            setOpen(false);
            void message.success(t('pay.transfer.applied', { count }));
            onImported();
          }}
        />
      )}
    </>
  );
}

/** The changes an apply makes (a currency kept is listed, but not a change). */
const applied = (result: CatalogImportResult) => result.changes.filter((c) => c.action !== 'kept').length;

export function CatalogImportDialog({
  gameBaseId,
  gameName,
  region,
  onClose,
  onImported,
}: {
  gameBaseId: number;
  gameName: string;
  region: number;
  onClose: () => void;
  onImported: (count: number) => void;
}) {
  const { t } = useTranslation('ops');
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<CatalogImportResult | null>(null);
  const [busy, setBusy] = useState<'checking' | 'applying' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const check = async (chosen: File) => {
    setFile(chosen);
    setResult(null);
    setFailure(null);
    setBusy('checking');
    try {
      setResult(
        await transferCalls.importCatalog({
          file: chosen,
          game_base_id: gameBaseId,
          distribution_region: region,
          dry_run: 1,
        }),
      );
    } catch (error) {
      setFailure(payErrorText(t, error));
    } finally {
      setBusy(null);
      // The same file chosen again (after fixing it) is a new choice.
      if (input.current) input.current.value = '';
    }
  };

  const apply = async () => {
    if (!file || !result) return;
    setBusy('applying');
    setFailure(null);
    try {
      const done = await transferCalls.importCatalog({
        file,
        game_base_id: gameBaseId,
        distribution_region: region,
        dry_run: 0,
        fingerprint: result.fingerprint,
      });
      onImported(applied(done));
    } catch (error) {
      setFailure(payErrorText(t, error));
      setBusy(null);
    }
  };

  const count = result ? applied(result) : 0;
  const blocked = !result || result.problems.length > 0 || count === 0;
  const where = (p: TransferProblem) => ({
    sheet: p.sheet || '-',
    row: p.row > 0 ? String(p.row) : t('pay.transfer.whole'),
    column: p.column || '-',
  });
  const problemTable = (rows: TransferProblem[], label: string) => (
    <Table<TransferProblem & { key: number }>
      size="small"
      pagination={false}
      aria-label={label}
      dataSource={rows.map((p, key) => ({ ...p, key }))}
      columns={[
        { title: t('pay.transfer.column.sheet'), render: (_, p) => where(p).sheet },
        { title: t('pay.transfer.column.row'), render: (_, p) => where(p).row },
        { title: t('pay.transfer.column.column'), render: (_, p) => where(p).column },
        {
          title: t('pay.transfer.column.problem'),
          render: (_, p) => t(`pay.transfer.problem.${p.code}`, { defaultValue: p.code }),
        },
      ]}
    />
  );
  const counted = (action: TransferChange['action']) =>
    result?.changes.filter((c) => c.action === action).length ?? 0;
  const unchanged = result ? Object.values(result.unchanged).reduce((sum, n) => sum + n, 0) : 0;

  return (
    <Modal
      open
      width={960}
      title={t('pay.transfer.title', { name: gameName })}
      onCancel={onClose}
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            disabled={blocked}
            loading={busy === 'applying'}
            onClick={() => void apply()}
          >
            {t('pay.transfer.apply', { count })}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph>{t('pay.transfer.intro')}</Typography.Paragraph>
        <Flex gap={8} align="center" wrap>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={catalogTransferPolicy.accept}
            hidden
            aria-label={t('pay.transfer.choose')}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (chosen) void check(chosen);
            }}
          />
          <Button loading={busy === 'checking'} onClick={() => input.current?.click()}>
            {file ? t('pay.transfer.chooseAgain') : t('pay.transfer.choose')}
          </Button>
          {file && <Typography.Text>{t('pay.transfer.file', { name: file.name })}</Typography.Text>}
        </Flex>
        {busy === 'checking' && (
          <Typography.Text type="secondary">{t('pay.transfer.checking')}</Typography.Text>
        )}
        {failure && <Alert type="error" showIcon title={failure} />}
        {result && (
          <>
            <Typography.Text strong role="status">
              {count === 0 && result.problems.length === 0
                ? t('pay.transfer.noChanges')
                : t('pay.transfer.summary', {
                    added: counted('added'),
                    changed: counted('changed'),
                    off: counted('switched_off'),
                    unchanged,
                  })}
            </Typography.Text>
            {result.problems.length > 0 && (
              <section>
                <Typography.Title level={3}>
                  {t('pay.transfer.problems', { count: result.problems.length })}
                </Typography.Title>
                <Alert type="error" showIcon title={t('pay.transfer.problemsHint')} />
                {problemTable(result.problems, t('pay.transfer.problems', { count: result.problems.length }))}
              </section>
            )}
            {result.warnings.length > 0 && (
              <section>
                <Typography.Title level={3}>
                  {t('pay.transfer.warnings', { count: result.warnings.length })}
                </Typography.Title>
                {problemTable(result.warnings, t('pay.transfer.warnings', { count: result.warnings.length }))}
              </section>
            )}
            {result.changes.length > 0 && (
              <section>
                <Typography.Title level={3}>
                  {t('pay.transfer.changes', { count: result.changes.length })}
                </Typography.Title>
                <Typography.Paragraph type="secondary">{t('pay.transfer.removalHint')}</Typography.Paragraph>
                <Table<TransferChange & { rowKey: string }>
                  size="small"
                  pagination={false}
                  rowKey="rowKey"
                  aria-label={t('pay.transfer.changes', { count: result.changes.length })}
                  dataSource={result.changes.map((c) => ({ ...c, rowKey: `${c.kind}:${c.key}:${c.action}` }))}
                  columns={[
                    {
                      title: t('pay.transfer.column.kind'),
                      render: (_, c) => t(`pay.transfer.kind.${c.kind}`),
                    },
                    { title: t('pay.transfer.column.key'), dataIndex: 'key' },
                    {
                      title: t('pay.transfer.column.action'),
                      render: (_, c) => t(`pay.transfer.action.${c.action}`),
                    },
                    {
                      title: t('pay.transfer.column.fields'),
                      render: (_, c) => (
                        <ul>
                          {c.fields.map((f) => (
                            <li key={f.field}>
                              {f.field}: {f.old ?? t('pay.transfer.none')} → {f.new ?? t('pay.transfer.none')}
                            </li>
                          ))}
                        </ul>
                      ),
                    },
                  ]}
                />
              </section>
            )}
          </>
        )}
      </Flex>
    </Modal>
  );
}
