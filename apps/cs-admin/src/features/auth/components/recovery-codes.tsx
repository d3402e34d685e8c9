import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, App, Button, Checkbox, Flex, Typography } from 'antd';
import layout from '../../../lib/layout.module.css';

/**
 * Recovery codes, shown this once (the server keeps only their hashes): copy, print or download them. With
 * `onDone`, the member confirms having saved them before going on.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const [saved, setSaved] = useState(false);
  const text = codes.join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      void message.success(t('secondFactor.recovery.copied'));
    } catch {
      void message.error(t('secondFactor.recovery.copyFailed'));
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Flex vertical gap="middle" className={layout.readable}>
      <Typography.Title level={2} className={layout.screenSubtitle}>
        {t('secondFactor.recovery.title')}
      </Typography.Title>
      <Alert type="warning" showIcon title={t('secondFactor.recovery.once')} />
      <ol aria-label={t('secondFactor.recovery.title')} className={`recovery-codes ${layout.twoColumns}`}>
        {codes.map((code) => (
          <li key={code}>
            <Typography.Text code className={layout.large}>
              {code}
            </Typography.Text>
          </li>
        ))}
      </ol>
      <Flex gap={8} wrap>
        <Button onClick={() => void copy()}>{t('secondFactor.recovery.copy')}</Button>
        <Button onClick={() => window.print()}>{t('secondFactor.recovery.print')}</Button>
        <Button onClick={download}>{t('secondFactor.recovery.download')}</Button>
      </Flex>
      <Checkbox checked={saved} onChange={(e) => setSaved(e.target.checked)}>
        {t('secondFactor.recovery.saved')}
      </Checkbox>
      <Button type="primary" disabled={!saved} onClick={onDone} className={layout.selfStart}>
        {t('secondFactor.recovery.continue')}
      </Button>
    </Flex>
  );
}
