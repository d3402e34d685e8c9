import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useNavigation,
  useRevalidator,
  useSearchParams,
  type LoaderFunctionArgs,
} from 'react-router';
import { Alert, App, Button, Card, Flex, Input, Pagination, Typography } from 'antd';
import type { StaffAccountData } from '@gp/contracts/staff';
import { useStaffSession } from '../lib/staff-session.ts';
import { errorMessage } from '../lib/error-message.ts';
import {
  type AccountActions,
  accountCalls,
  AccountForm,
  accountQueryFromUrl,
  AccountsTable,
} from '../features/staff-accounts/index.ts';

export async function loader({ request }: LoaderFunctionArgs) {
  return accountCalls.list(accountQueryFromUrl(new URL(request.url)));
}

type Editing = { account: StaffAccountData | null } | null;

/**
 * Staff accounts (staff.accounts): search by account id or name, paging, add, edit, block / unseal and delete.
 * Search and page live in the URL, so a reload or a shared link shows the same list.
 */
export default function Accounts() {
  const { t } = useTranslation('admin');
  const page = useLoaderData<typeof loader>();
  const { session, refresh } = useStaffSession();
  const [params, setParams] = useSearchParams();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const { message, modal } = App.useApp();
  const [editing, setEditing] = useState<Editing>(null);
  const [busyAccount, setBusyAccount] = useState<string | null>(null);
  const [oneTime, setOneTime] = useState<{ account: string; password: string } | null>(null);

  const setQuery = (q: string, pageNum: number) => {
    const next = new URLSearchParams();
    if (q.trim()) next.set('q', q.trim());
    if (pageNum > 1) next.set('page', String(pageNum));
    setParams(next);
  };

  const actions: AccountActions = useMemo(() => {
    const run = async (account: StaffAccountData, work: () => Promise<unknown>, done: string) => {
      setBusyAccount(account.account_id);
      try {
        await work();
        void message.success(t(done, { account: account.account_id }));
        await revalidator.revalidate();
      } catch (error) {
        void message.error(errorMessage(t, error));
      } finally {
        setBusyAccount(null);
      }
    };
    return {
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
            run(
              account,
              () => accountCalls.block({ account_id: account.account_id }),
              'accounts.blockedDone',
            ),
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
    // revalidator changes identity on every state change; its revalidate is what is needed, at call time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, message, modal]);

  const q = params.get('q') ?? '';
  return (
    <Card
      title={
        <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
          {t('accounts.title')}
        </Typography.Title>
      }
      extra={
        <Button type="primary" onClick={() => setEditing({ account: null })}>
          {t('accounts.add')}
        </Button>
      }
    >
      <Flex gap={16} vertical>
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            const value = new FormData(e.currentTarget).get('q');
            setQuery(typeof value === 'string' ? value : '', 1);
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
              style={{ maxWidth: 320 }}
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
          busyAccount={busyAccount}
        />
        <Pagination
          current={page.page_num}
          pageSize={page.page_size}
          total={page.total}
          showSizeChanger={false}
          disabled={navigation.state === 'loading'}
          showTotal={(total) => t('accounts.total', { count: total })}
          onChange={(next) => setQuery(q, next)}
          align="end"
        />
      </Flex>
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
            void revalidator.revalidate();
          }}
        />
      )}
    </Card>
  );
}
