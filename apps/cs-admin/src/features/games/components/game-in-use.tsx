import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, Button, Modal, Typography } from 'antd';
import type { GameAdminItem, GameUsageData } from '@gp/contracts/catalog-admin';
import { gameCalls } from '../api/games.calls.ts';
import { gameErrorText } from '../model/game-errors.ts';

const usageKeys = [
  'tickets',
  'orders',
  'catalog',
  'faq',
  'question_types',
  'articles',
  'recommendations',
] as const satisfies readonly (keyof GameUsageData)[];

/**
 * The answer to deleting a game that is still in use (-40010): what uses it, and the way out the server allows,
 * taking it offline, in one click (or, when it already is offline, that nothing more is needed).
 */
export function GameInUse({
  game,
  usage,
  onClose,
  onTakenOffline,
}: {
  game: GameAdminItem;
  /** What uses it, as the refusal counted it (null when the answer did not say). */
  usage: GameUsageData | null;
  onClose: () => void;
  onTakenOffline: () => void;
}) {
  const { t } = useTranslation('ops');
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const online = game.is_online === 1;
  const uses = usage ? usageKeys.filter((key) => usage[key] > 0) : [];

  const takeOffline = async () => {
    setSending(true);
    setProblem(null);
    try {
      await gameCalls.switchOnline({ game_base_id: game.game_base_id, is_online: 0 });
      onTakenOffline();
    } catch (error) {
      setProblem(gameErrorText(t, error));
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={t('games.inUse.title', { name: game.game_name })}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close')}
        </Button>,
        online && (
          <Button key="offline" type="primary" loading={sending} onClick={() => void takeOffline()}>
            {t('games.inUse.takeOffline')}
          </Button>
        ),
      ]}
    >
      <Typography.Paragraph>{t('games.inUse.explain')}</Typography.Paragraph>
      {uses.length > 0 && (
        <ul aria-label={t('games.inUse.usedBy')}>
          {uses.map((key) => (
            <li key={key}>{t(`games.usage.${key}`, { count: usage![key] })}</li>
          ))}
        </ul>
      )}
      <Typography.Paragraph>
        {online ? t('games.inUse.offlineHelp') : t('games.inUse.alreadyOffline')}
      </Typography.Paragraph>
      {problem && <Alert type="error" showIcon title={problem} />}
    </Modal>
  );
}
