import { useTranslation } from 'react-i18next';
import { Select } from 'antd';
import type { GameChoice } from '../api/use-game-choices.ts';
import layout from '../../../lib/layout.module.css';

/**
 * Picks a game by name (typing filters). A game the list does not hold (offline games for editors without the
 * games privilege) still shows, by `currentName` or its number.
 */
export function GameSelect({
  id,
  value,
  onChange,
  games,
  loading,
  failed,
  allowClear = false,
  disabled = false,
  currentName,
  'aria-describedby': describedBy,
  'aria-invalid': invalid,
}: {
  id?: string;
  value?: number | null;
  onChange?: (value: number | null) => void;
  games: GameChoice[];
  loading: boolean;
  failed: boolean;
  allowClear?: boolean;
  disabled?: boolean;
  currentName?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean | 'true' | 'false';
}) {
  const { t } = useTranslation('cms');
  const options = games.map((g) => ({
    value: g.game_base_id,
    label: g.online ? g.name : t('games.offlineName', { name: g.name }),
  }));
  if (value && !games.some((g) => g.game_base_id === value))
    options.unshift({ value, label: currentName ?? t('games.numbered', { id: value }) });
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(next: number | undefined) => onChange?.(next ?? null)}
      options={options}
      loading={loading}
      disabled={disabled}
      allowClear={allowClear}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={failed ? t('games.failed') : allowClear ? t('games.none') : t('games.pick')}
      notFoundContent={failed ? t('games.failed') : t('games.noMatch')}
      aria-describedby={describedBy}
      aria-invalid={invalid}
      className={layout.fieldMax}
    />
  );
}
