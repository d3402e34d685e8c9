import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Alert, App, Button, Flex, Input, Typography } from 'antd';
import type { StaffAccountData } from '@gp/contracts/staff';
import { useStaffSession } from '../lib/staff-session.ts';
import { ListPagination } from '../lib/list-pagination.tsx';
import { PageFrame } from '../lib/page-frame.tsx';
import { useListPage } from '../lib/use-list-page.ts';
import styles from './accounts.module.css';
import {
  type AccountActions,
  accountCalls,
  AccountForm,
  accountQueryFromUrl,
  AccountsTable,
} from '../features/staff-accounts/index.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const query = accountQueryFromUrl(url);
  const filters = { q: url.searchParams.get('q') ?? '', page: Number(query.page_num ?? 1) };
  return { filters, page: await accountCalls.list(query) };
}

/** The search and page in the URL (`?q=&page=`), as the loader reads them back. */
function accountSearch({ q, page }: { q: string; page: number }): URLSearchParams {
  const next = new URLSearchParams();
  if (q.trim()) next.set('q', q.trim());
  if (page > 1) next.set('page', String(page));
  return next;
}

type Editing = { account: StaffAccountData | null } | null;

/**
 * Staff accounts (staff.accounts): search by account id or name, paging, add, edit, block / unseal and delete.
 * Search and page live in the URL, so a reload or a shared link shows the same list.
 */
export default function Accounts() {
  const { t } = useTranslation('admin');
  const { filters, page } = useLoaderData<typeof loader>();
  const { session, refresh } = useStaffSession();
  const list = useListPage(accountSearch);
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<Editing>(null);
  const [oneTime, setOneTime] = useState<{ account: string; password: string } | null>(null);

  const run = (account: StaffAccountData, work: () => Promise<unknown>, done: string) =>
    list.run(account.account_id, work, { done: t(done, { account: account.account_id }) });
  const actions: AccountActions = {
    edit: (account) => setEditing({ account }),
    unseal: (account) =>
      void run(account, () => accountCalls.unseal({ account_id: account.account_id }), 'accounts.unsealed'),
    block: (account) =>
      void modal.confirm({
        title: t('accounts.blockConfirmTitle', { account: account.account_id }),
        content: t('accounts.blockConfirm', { account: account.account_id, name: account.account_name }),
        okText: t('accounts.block'),
        okButtonProps: { danger: true },
        cancelText: t('accounts.cancel'),
        onOk: () =>
          run(account, () => accountCalls.block({ account_id: account.account_id }), 'accounts.blockedDone'),
      }),
    resetSecondFactor: (account) =>
      void modal.confirm({
        title: t('secondFactor.reset.title', { account: account.account_id }),
        content: t('secondFactor.reset.confirm', {
          account: account.account_id,
          name: account.account_name,
        }),
        okText: t('secondFactor.reset.action'),
        okButtonProps: { danger: true },
        cancelText: t('accounts.cancel'),
        onOk: () =>
          run(
            account,
            () => accountCalls.resetSecondFactor({ account_id: account.account_id }),
            'secondFactor.reset.done',
          ),
      }),
    remove: (account) =>
      void modal.confirm({
        title: t('accounts.deleteConfirmTitle', { account: account.account_id }),
        content: t('accounts.deleteConfirm', { account: account.account_id, name: account.account_name }),
        okText: t('accounts.delete'),
        okButtonProps: { danger: true },
        cancelText: t('accounts.cancel'),
        onOk: () =>
          run(account, () => accountCalls.delete({ account_id: account.account_id }), 'accounts.deleted'),
      }),
  };

  const q = filters.q ?? '';
  return (
    <PageFrame
      title={t('accounts.title')}
      toolbar={
        <Button type="primary" onClick={() => setEditing({ account: null })}>
          {t('accounts.add')}
        </Button>
      }
    >
      <form
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          const value = new FormData(e.currentTarget).get('q');
          list.apply({ q: typeof value === 'string' ? value : '', page: 1 });
        }}
      >
        <Flex gap={8} align="center" wrap>
          <label htmlFor="accounts-search">{t('accounts.search')}</label>
          <Input
            id="accounts-search"
            name="q"
            key={q}
            defaultValue={q}
            maxLength={64}
            allowClear
            placeholder={t('accounts.searchPlaceholder')}
            className={styles.search}
          />
          <Button htmlType="submit">{t('accounts.searchSubmit')}</Button>
        </Flex>
      </form>
      {oneTime && (
        <Alert
          type="info"
          showIcon
          closable={{ 'aria-label': t('accounts.close') }}
          onClose={() => setOneTime(null)}
          title={t('accounts.oneTimeIssued', { account: oneTime.account })}
          description={
            <Typography.Text code copyable>
              {oneTime.password}
            </Typography.Text>
          }
        />
      )}
      <AccountsTable
        accounts={page.list}
        ownStaffId={session.staff_id}
        actions={actions}
        busyAccount={typeof list.busyKey === 'string' ? list.busyKey : null}
      />
      <ListPagination
        {...list.pagination(page, filters)}
        totalText={(count) => t('accounts.total', { count })}
      />
      {editing && (
        <AccountForm
          key={editing.account?.account_id ?? '+'}
          account={editing.account}
          own={editing.account?.staff_id === session.staff_id}
          onClose={() => setEditing(null)}
          onSaved={(saved, password) => {
            const added = editing.account === null;
            setEditing(null);
            if (password) setOneTime({ account: saved.account_id, password });
            void message.success(
              t(added ? 'accounts.added' : 'accounts.saved', { account: saved.account_id }),
            );
            // Changing one's own name or privileges changes what the console shows and allows.
            if (saved.staff_id === session.staff_id) void refresh();
            void list.refresh();
          }}
        />
      )}
    </PageFrame>
  );
}
