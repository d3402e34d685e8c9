import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { App, Button, Flex, Popconfirm, Select, Space, Typography } from 'antd';
import { knownCurrencies, type PayAuthoringCurrencyItem } from '@gp/contracts/pay-catalog-authoring';
import { authoringCalls } from '../api/authoring.calls.ts';
import { authoringErrorText } from '../model/authoring-errors.ts';
import layout from '../../../lib/layout.module.css';
import table from '../../../lib/table.module.css';

/**
 * The currencies a game sells in, in the order players see them: add one (ISO 4217 codes whose decimals the
 * catalog knows), move one up or down, remove one nothing uses any more (the server refuses a currency with
 * prices or channels and the console says which). Changes show from the answers.
 */
export function CurrencyEditor({
  gameBaseId,
  initial,
  onChange,
}: {
  gameBaseId: number;
  initial: PayAuthoringCurrencyItem[];
  /** The game's currencies after a change, in order. */
  onChange?: (currencies: string[]) => void;
}) {
  const { t } = useTranslation('ops');
  const { message } = App.useApp();
  const [items, setItems] = useState(initial);
  const [adding, setAdding] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (work: () => Promise<PayAuthoringCurrencyItem[]>, done: string) => {
    setBusy(true);
    setProblem(null);
    try {
      const answer = await work();
      setItems(answer);
      onChange?.(answer.map((c) => c.currency));
      void message.success(done);
    } catch (error) {
      setProblem(authoringErrorText(t, error));
    } finally {
      setBusy(false);
    }
  };
  const move = (index: number, by: -1 | 1) => {
    const order = items.map((c) => c.currency);
    const [moved] = order.splice(index, 1);
    order.splice(index + by, 0, moved!);
    void run(
      () => authoringCalls.orderCurrencies({ game_base_id: gameBaseId, currencies: order }),
      t('pay.authoring.currency.ordered'),
    );
  };
  const sold = new Set(items.map((c) => c.currency));

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" className={layout.small}>
        {t('pay.authoring.currency.help')}
      </Typography.Paragraph>
      {problem && (
        <Typography.Text role="alert" className={layout.danger}>
          {problem}
        </Typography.Text>
      )}
      <div className={table.frame}>
        <table className={table.table}>
          <caption className="sr-only">{t('pay.authoring.currency.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('pay.authoring.currency.currency')}</th>
              <th scope="col">{t('pay.authoring.currency.decimals')}</th>
              <th scope="col">{t('pay.authoring.currency.use')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {items.length === 0 && (
              <tr>
                <td colSpan={4}>{t('pay.authoring.currency.empty')}</td>
              </tr>
            )}
            {items.map((item, index) => (
              <tr key={item.currency}>
                <th scope="row">{item.currency}</th>
                <td>{item.exponent}</td>
                <td>
                  {t('pay.authoring.currency.useText', {
                    prices: item.price_count,
                    channels: item.channel_count,
                  })}
                </td>
                <td>
                  <Space size={4} wrap>
                    <Button
                      size="small"
                      disabled={busy || index === 0}
                      aria-label={t('pay.authoring.currency.upOf', { currency: item.currency })}
                      onClick={() => move(index, -1)}
                    >
                      {t('pay.authoring.currency.up')}
                    </Button>
                    <Button
                      size="small"
                      disabled={busy || index === items.length - 1}
                      aria-label={t('pay.authoring.currency.downOf', { currency: item.currency })}
                      onClick={() => move(index, 1)}
                    >
                      {t('pay.authoring.currency.down')}
                    </Button>
                    <Popconfirm
                      title={t('pay.authoring.currency.removeTitle', { currency: item.currency })}
                      okText={t('pay.authoring.currency.remove')}
                      cancelText={t('common.cancel')}
                      onConfirm={() =>
                        void run(
                          () =>
                            authoringCalls.removeCurrency({
                              game_base_id: gameBaseId,
                              currency: item.currency,
                            }),
                          t('pay.authoring.currency.removed', { currency: item.currency }),
                        )
                      }
                    >
                      <Button
                        size="small"
                        danger
                        disabled={busy}
                        aria-label={t('pay.authoring.currency.removeOf', { currency: item.currency })}
                      >
                        {t('pay.authoring.currency.remove')}
                      </Button>
                    </Popconfirm>
                  </Space>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Space wrap>
        <Select
          value={adding}
          onChange={setAdding}
          showSearch
          placeholder={t('pay.authoring.currency.choose')}
          aria-label={t('pay.authoring.currency.choose')}
          options={knownCurrencies.filter((c) => !sold.has(c)).map((c) => ({ value: c, label: c }))}
          className={layout.control}
        />
        <Button
          type="primary"
          disabled={!adding || busy}
          onClick={() =>
            adding &&
            void run(
              () => authoringCalls.addCurrency({ game_base_id: gameBaseId, currency: adding }),
              t('pay.authoring.currency.added', { currency: adding }),
            ).then(() => setAdding(undefined))
          }
        >
          {t('pay.authoring.currency.add')}
        </Button>
      </Space>
    </Flex>
  );
}
