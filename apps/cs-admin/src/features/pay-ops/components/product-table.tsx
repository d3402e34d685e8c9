import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { App, Button, Space, Switch, Typography } from 'antd';
import type { PayAdminPriceItem, PayAdminProductItem } from '@gp/contracts/pay-admin';
import { Count, Money } from '../../../lib/money.tsx';
import { DataTable } from '../../../lib/data-table.tsx';
import { payCalls } from '../api/pay-ops.calls.ts';
import { payErrorText } from '../model/pay-errors.ts';
import { payModeLabel } from '../model/labels.ts';
import { PriceDialog } from './price-dialog.tsx';
import layout from '../../../lib/layout.module.css';
import styles from './pay-ops.module.css';

const column = createColumnHelper<PayAdminProductItem>();

const priceKey = (productId: string, price: Pick<PayAdminPriceItem, 'currency' | 'pay_mode'>) =>
  `${productId}|${price.currency}|${price.pay_mode}`;

/**
 * A game's products: the credit each delivers, the product's sale switch, and every price per currency and
 * payment mode with its own sale switch and a price change (new orders only). Changes show from the answers.
 */
export function ProductTable({
  gameBaseId,
  initial,
}: {
  gameBaseId: number;
  initial: PayAdminProductItem[];
}) {
  const { t } = useTranslation('ops');
  const { message } = App.useApp();
  const [products, setProducts] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ product: PayAdminProductItem; price: PayAdminPriceItem } | null>(
    null,
  );

  const columns = useMemo(() => {
    const replace = (answer: PayAdminProductItem) =>
      setProducts((list) => list.map((p) => (p.product_id === answer.product_id ? answer : p)));
    const toggle = async (
      product: PayAdminProductItem,
      on: boolean,
      price?: Pick<PayAdminPriceItem, 'currency' | 'pay_mode'>,
    ) => {
      const key = price ? priceKey(product.product_id, price) : product.product_id;
      setBusy(key);
      try {
        const answer = await payCalls.setSale({
          game_base_id: gameBaseId,
          product_id: product.product_id,
          ...(price ? { currency: price.currency, pay_mode: price.pay_mode } : {}),
          is_on_sale: on ? 1 : 0,
        });
        replace(answer);
        void message.success(
          t(on ? 'pay.product.onSaleDone' : 'pay.product.offSaleDone', { name: answer.product_name }),
        );
      } catch (error) {
        void message.error(payErrorText(t, error));
      } finally {
        setBusy(null);
      }
    };
    return [
      column.accessor('product_name', {
        header: () => t('pay.product.name'),
        cell: (c) => (
          <>
            <Typography.Text strong>{c.getValue()}</Typography.Text>
            <div>
              <Typography.Text type="secondary">{c.row.original.product_id}</Typography.Text>
            </div>
          </>
        ),
      }),
      column.accessor('credit_amount', {
        header: () => t('pay.product.credit'),
        cell: (c) => <Count value={c.getValue()} />,
      }),
      column.accessor('is_on_sale', {
        header: () => t('pay.product.sale'),
        cell: (c) => {
          const product = c.row.original;
          return (
            <Space size={8}>
              <Switch
                checked={c.getValue() === 1}
                loading={busy === product.product_id}
                disabled={busy === product.product_id}
                aria-label={t('pay.product.saleOf', { name: product.product_name })}
                onChange={(on) => void toggle(product, on)}
              />
              <span>{c.getValue() === 1 ? t('pay.product.onSale') : t('pay.product.offSale')}</span>
            </Space>
          );
        },
      }),
      column.accessor('price_list', {
        header: () => t('pay.product.prices'),
        cell: (c) => {
          const product = c.row.original;
          if (c.getValue().length === 0)
            return <Typography.Text type="secondary">{t('pay.product.noPrices')}</Typography.Text>;
          return (
            <ul className={`${layout.plainList} ${styles.prices}`}>
              {c.getValue().map((price) => {
                const key = priceKey(product.product_id, price);
                const which = `${price.currency} · ${payModeLabel(t, price.pay_mode)}`;
                const names = { name: product.product_name, price: which };
                return (
                  <li key={key}>
                    <Space size={8} wrap>
                      <span className={styles.priceName}>{which}</span>
                      <Typography.Text strong className={styles.priceAmount}>
                        <Money
                          minor={price.product_price}
                          currency={price.currency}
                          exponent={price.exponent}
                        />
                      </Typography.Text>
                      <Switch
                        size="small"
                        checked={price.is_on_sale === 1}
                        loading={busy === key}
                        disabled={busy === key}
                        aria-label={t('pay.product.priceSaleOf', names)}
                        onChange={(on) => void toggle(product, on, price)}
                      />
                      <span>
                        {price.is_on_sale === 1 ? t('pay.product.onSale') : t('pay.product.offSale')}
                      </span>
                      <Button
                        size="small"
                        onClick={() => setEditing({ product, price })}
                        aria-label={t('pay.product.editPriceOf', names)}
                      >
                        {t('pay.product.editPrice')}
                      </Button>
                    </Space>
                  </li>
                );
              })}
            </ul>
          );
        },
      }),
      column.accessor('sort', { header: () => t('pay.sort') }),
    ];
  }, [t, busy, gameBaseId, message]);
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: products,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.product_id,
  });
  return (
    <>
      <DataTable table={table} caption={t('pay.product.caption')} empty={t('pay.product.empty')} />
      {editing && (
        <PriceDialog
          key={priceKey(editing.product.product_id, editing.price)}
          gameBaseId={gameBaseId}
          product={editing.product}
          price={editing.price}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setProducts((list) => list.map((p) => (p.product_id === saved.product_id ? saved : p)));
            setEditing(null);
            void message.success(t('pay.price.saved', { name: saved.product_name }));
          }}
        />
      )}
    </>
  );
}
