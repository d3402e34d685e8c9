import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App } from 'antd';
import type { PrivacyRequestItem } from '@gp/contracts/privacy';
import { errorMessage } from '../../../lib/error-message.ts';
import { saveJsonFile } from '../../../lib/save-json-file.ts';
import type { OpenDeletionInput } from '../components/open-deletion-dialog.tsx';
import { privacyCalls } from './privacy-requests.calls.ts';

/**
 * The staff actions on privacy requests: erase now and cancel, each asked first (erasing says it cannot be
 * undone and needs the member's identity checked), download a member's data as a JSON file, and open a deletion
 * for a member (the dialog records how their identity was checked). `onChanged`
 * runs after a change (the screen reloads its list).
 */
export function usePrivacyActions(onChanged: () => void) {
  const { t } = useTranslation('admin');
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);

  /** Answers whether the work succeeded. */
  const run = async (key: string, work: () => Promise<string>) => {
    setBusy(key);
    try {
      void message.success(await work());
      return true;
    } catch (error) {
      void message.error(errorMessage(t, error));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const erase = (item: PrivacyRequestItem) =>
    void modal.confirm({
      title: t('privacyRequests.eraseTitle', { mid: item.mid }),
      content: t('privacyRequests.eraseConfirm'),
      okText: t('privacyRequests.erase'),
      okButtonProps: { danger: true },
      cancelText: t('privacyRequests.back'),
      onOk: () =>
        run(`erase-${item.request_id}`, async () => {
          await privacyCalls.erase({ request_id: item.request_id });
          onChanged();
          return t('privacyRequests.erased', { mid: item.mid });
        }),
    });

  const cancel = (item: PrivacyRequestItem) =>
    void modal.confirm({
      title: t('privacyRequests.cancelTitle', { mid: item.mid }),
      content: t('privacyRequests.cancelConfirm'),
      okText: t('privacyRequests.cancel'),
      cancelText: t('privacyRequests.back'),
      onOk: () =>
        run(`cancel-${item.request_id}`, async () => {
          await privacyCalls.cancel({ request_id: item.request_id });
          onChanged();
          return t('privacyRequests.cancelled', { mid: item.mid });
        }),
    });

  const download = (mid: number) =>
    run(`export-${mid}`, async () => {
      const data = await privacyCalls.memberData({ mid });
      saveJsonFile(`member-${mid}-data-${data.generated_at.slice(0, 10)}.json`, data);
      onChanged();
      return t('privacyRequests.downloaded', { mid });
    });

  /** Opens a deletion for a member who asked customer service; answers whether it was opened (the dialog closes). */
  const openDeletion = (input: OpenDeletionInput) =>
    run('open-deletion', async () => {
      await privacyCalls.openDeletion(input);
      onChanged();
      return t('privacyRequests.opened', { mid: input.mid });
    });

  return { erase, cancel, download, openDeletion, busy };
}
