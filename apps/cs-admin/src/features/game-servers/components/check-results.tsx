import { useTranslation } from 'react-i18next';
import { Alert, List, Tag, Typography } from 'antd';
import type { GameServerCheckItem, GameServerTestResult } from '@gp/contracts/game-server-admin';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import { tones } from '../../../lib/theme.ts';

const statusColor = { pass: tones.success, fail: tones.danger, skip: undefined } as const;

/**
 * What a check says, in the console's language: the reason of a check that did not pass, or what a passed one
 * found. The server sends codes and values only, never its own (or the game server's) words.
 */
export function useCheckText() {
  const { t } = useTranslation('ops');
  return (item: Pick<GameServerCheckItem, 'check' | 'status' | 'reason' | 'params'>): string => {
    const params: Record<string, string | number> = { ...item.params };
    // `needs_earlier` names another check: its name, not its code.
    if (typeof params.check === 'string') params.check = t(`gameServer.check.${params.check}`);
    if (item.reason) return t(`gameServer.reason.${item.reason}`, params).replace(/\s+\./g, '.');
    return t(`gameServer.passed.${item.check}`, { ...params, defaultValue: '' });
  };
}

/** The result of "Test connection": a summary, then each check with its status and what it found. */
export function CheckResults({ result }: { result: GameServerTestResult }) {
  const { t, i18n } = useTranslation('ops');
  const text = useCheckText();
  const failed = result.checks.filter((c) => c.status === 'fail').length;
  return (
    <section aria-labelledby="game-server-check-results">
      <Typography.Title level={3} id="game-server-check-results">
        {t('gameServer.test.results')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {result.target === 'draft'
          ? t('gameServer.test.draft')
          : t('gameServer.test.saved', {
              time: formatDate(result.ran_at, i18n.language, { style: mediumDateTimeSeconds }),
            })}
      </Typography.Paragraph>
      <Alert
        type={failed === 0 ? 'success' : 'error'}
        showIcon
        role="status"
        title={
          failed === 0 ? t('gameServer.test.allPassed') : t('gameServer.test.someFailed', { count: failed })
        }
      />
      <List
        dataSource={result.checks}
        renderItem={(item) => (
          <List.Item key={item.check} data-check={item.check} data-status={item.status}>
            <List.Item.Meta
              title={
                <>
                  <Tag color={statusColor[item.status]}>{t(`gameServer.status.${item.status}`)}</Tag>
                  {t(`gameServer.check.${item.check}`)}
                </>
              }
              description={text(item) || null}
            />
          </List.Item>
        )}
      />
    </section>
  );
}
