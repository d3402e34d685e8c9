import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { App, Button, Flex, Popconfirm, Space, Switch, Tag, Typography } from 'antd';
import type { PayAdminPriceItem, PayAdminProductItem } from '@gp/contracts/pay-admin';
import { Count, Money } from '../../../lib/money.tsx';
import { DataTable } from '../../../lib/data-table.tsx';
import { formatDate, mediumDateTime } from '@gp/i18n/format';
import { authoringCalls } from '../api/authoring.calls.ts';
import { payCalls } from '../api/pay-ops.calls.ts';
import { authoringErrorText } from '../model/authoring-errors.ts';
import { payErrorText } from '../model/pay-errors.ts';
import { payModeLabel } from '../model/labels.ts';
import { PriceDialog } from './price-dialog.tsx';
import { PriceEditor } from './price-editor.tsx';
import { ProductEditor } from './product-editor.tsx';
import layout from '../../../lib/layout.module.css';
import styles from './pay-ops.module.css';

const column = createColumnHelper<PayAdminProductItem>();

const priceKey = (productId: string, price: Pick<PayAdminPriceItem, 'currency' | 'pay_mode'>) =>
  `${productId}|${price.currency}|${price.pay_mode}`;

/**
 * A game's products: the credit each delivers, its sale window, the product's sale switch, and every price per
 * currency and payment mode with its own sale switch, a price change (new orders only) and its removal. Products
 * are added and edited in the product editor, prices added in the price editor. Changes show from the answers.
 */
export function ProductTable({
  gameBaseId,
  initial,
  currencies = [],
}: {
  gameBaseId: number;
  initial: PayAdminProductItem[];
  /** The currencies the game sells in (the price editor's choice). */
  currencies?: readonly string[];
}) {
  const { t, i18n } = useTranslation('ops');
  const { message } = App.useApp();
  const [products, setProducts] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ product: PayAdminProductItem; price: PayAdminPriceItem } | null>(
    null,
  );
  /** The product editor: undefined closed, null a new product, else the product id. */
  const [editor, setEditor] = useState<string | null | undefined>(undefined);
  const [addingPrice, setAddingPrice] = useState<PayAdminProductItem | null>(null);

  const columns = useMemo(() => {
    const replace = (answer: PayAdminProductItem) =>
      setProducts((list) => list.map((p) => (p.product_id === answer.product_id ? answer : p)));
    const removePrice = async (product: PayAdminProductItem, price: PayAdminPriceItem) => {
      const key = priceKey(product.product_id, price);
      setBusy(key);
      try {
        replace(
          await authoringCalls.removePrice({
            game_base_id: gameBaseId,
            product_id: product.product_id,
            currency: price.currency,
            pay_mode: price.pay_mode,
          }),
        );
        void message.success(t('pay.authoring.price.removed', { name: product.product_name }));
      } catch (error) {
        void message.error(authoringErrorText(t, error));
      } finally {
        setBusy(null);
      }
    };
    const when = (iso: string) => formatDate(iso, i18n.language, { style: mediumDateTime });
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
        cell: (c) => {
          const product = c.row.original;
          return (
            <Flex gap={8} align="start">
              {product.image_url && (
                <img src={product.image_url} alt="" width={40} height={40} className={layout.contain} />
              )}
              <div>
                <Typography.Text strong>{c.getValue()}</Typography.Text>
                <div>
                  <Typography.Text type="secondary">{product.product_id}</Typography.Text>
                </div>
                {(product.sale_from || product.sale_until) && (
                  <Tag>
                    {product.sale_from && product.sale_until
                      ? t('pay.authoring.product.window', {
                          from: when(product.sale_from),
                          until: when(product.sale_until),
                        })
                      : product.sale_from
                        ? t('pay.authoring.product.windowFrom', { from: when(product.sale_from) })
                        : t('pay.authoring.product.windowUntil', { until: when(product.sale_until!) })}
                  </Tag>
                )}
                <div>
                  <Button
                    size="small"
                    type="link"
                    className={styles.orderNo}
                    aria-label={t('pay.authoring.product.editOf', { name: product.product_name })}
                    onClick={() => setEditor(product.product_id)}
                  >
                    {t('common.edit')}
                  </Button>
                </div>
              </div>
            </Flex>
          );
        },
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
          const add = (
            <Button
              size="small"
              aria-label={t('pay.authoring.price.addOf', { name: product.product_name })}
              onClick={() => setAddingPrice(product)}
            >
              {t('pay.authoring.price.add')}
            </Button>
          );
          if (c.getValue().length === 0)
            return (
              <Space size={8} wrap>
                <Typography.Text type="secondary">{t('pay.product.noPrices')}</Typography.Text>
                {add}
              </Space>
            );
          return (
            <>
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
                        <Popconfirm
                          title={t('pay.authoring.price.removeTitle', names)}
                          description={t('pay.authoring.price.removeConfirm')}
                          okText={t('pay.authoring.price.remove')}
                          cancelText={t('common.cancel')}
                          onConfirm={() => void removePrice(product, price)}
                        >
                          <Button
                            size="small"
                            danger
                            disabled={busy === key}
                            aria-label={t('pay.authoring.price.removeOf', names)}
                          >
                            {t('pay.authoring.price.remove')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    </li>
                  );
                })}
              </ul>
              {add}
            </>
          );
        },
      }),
      column.accessor('sort', { header: () => t('pay.sort') }),
    ];
  }, [t, i18n.language, busy, gameBaseId, message]);
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
      <Flex justify="end" className={layout.gapBelow}>
        <Button type="primary" onClick={() => setEditor(null)}>
          {t('pay.authoring.product.add')}
        </Button>
      </Flex>
      <DataTable table={table} caption={t('pay.product.caption')} empty={t('pay.product.empty')} />
      {editor !== undefined && (
        <ProductEditor
          key={editor ?? 'new'}
          gameBaseId={gameBaseId}
          productId={editor}
          onClose={() => setEditor(undefined)}
          onSaved={(saved, created) => {
            setProducts((list) =>
              created ? [...list, saved] : list.map((p) => (p.product_id === saved.product_id ? saved : p)),
            );
            setEditor(undefined);
            void message.success(
              t(created ? 'pay.authoring.product.created' : 'pay.authoring.product.saved', {
                name: saved.product_name,
              }),
            );
          }}
        />
      )}
      {addingPrice && (
        <PriceEditor
          key={addingPrice.product_id}
          gameBaseId={gameBaseId}
          product={addingPrice}
          currencies={currencies}
          onClose={() => setAddingPrice(null)}
          onSaved={(saved) => {
            setProducts((list) => list.map((p) => (p.product_id === saved.product_id ? saved : p)));
            setAddingPrice(null);
            void message.success(t('pay.authoring.price.saved', { name: saved.product_name }));
          }}
        />
      )}
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
