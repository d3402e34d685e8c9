import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import type { StaffAccountData } from '@gp/contracts/staff';
import { formatDate, mediumDateTimeSeconds } from '@gp/i18n/format';
import { DataTable } from '../../../lib/data-table.tsx';
import { privilegeLabel } from '../../../lib/privileges.ts';
import { tones } from '../../../lib/theme.ts';

export interface AccountActions {
  edit(account: StaffAccountData): void;
  block(account: StaffAccountData): void;
  /** Removes the account's second factors: its owner enrols again at the next login. */
  resetSecondFactor(account: StaffAccountData): void;
  unseal(account: StaffAccountData): void;
  remove(account: StaffAccountData): void;
}

const column = createColumnHelper<StaffAccountData>();

/**
 * The staff accounts of one page. The signed-in member's own row has block and delete disabled (the server
 * refuses them with -40008), with the reason as a tooltip.
 */
export function AccountsTable({
  accounts,
  ownStaffId,
  actions,
  busyAccount,
}: {
  accounts: StaffAccountData[];
  ownStaffId: number;
  actions: AccountActions;
  /** The account an action is running on: its buttons wait. */
  busyAccount: string | null;
}) {
  const { t, i18n } = useTranslation('admin');
  const columns = useMemo(
    () => [
      column.accessor('account_id', {
        header: () => t('accounts.accountId'),
        cell: (c) => <Typography.Text strong>{c.getValue()}</Typography.Text>,
      }),
      column.accessor('account_name', { header: () => t('accounts.name') }),
      column.accessor('status', {
        header: () => t('accounts.status'),
        // Dark solid tags: antd's light presets miss WCAG AA contrast for 12px text.
        cell: (c) => (
          <Space size={4} wrap>
            {c.getValue() === 'active' ? (
              <Tag color={tones.success}>{t('accounts.active')}</Tag>
            ) : (
              <Tag color={tones.danger}>{t('accounts.blocked')}</Tag>
            )}
            {c.row.original.must_change_password === 1 && <Tag>{t('accounts.oneTime')}</Tag>}
          </Space>
        ),
      }),
      column.accessor('privileges', {
        header: () => t('accounts.privileges'),
        cell: (c) =>
          c.getValue().length === 0 ? (
            <Typography.Text type="secondary">{t('accounts.noPrivileges')}</Typography.Text>
          ) : (
            <Space size={[4, 4]} wrap>
              {c.getValue().map((name) => (
                <Tag key={name}>{privilegeLabel(t, name)}</Tag>
              ))}
            </Space>
          ),
      }),
      column.accessor('last_login_at', {
        header: () => t('accounts.lastLogin'),
        cell: (c) =>
          c.getValue() ? (
            <>
              <div>{formatDate(c.getValue(), i18n.language, { style: mediumDateTimeSeconds })}</div>
              {c.row.original.last_login_ip && (
                <Typography.Text type="secondary">{c.row.original.last_login_ip}</Typography.Text>
              )}
            </>
          ) : (
            <Typography.Text type="secondary">{t('accounts.never')}</Typography.Text>
          ),
      }),
      column.display({
        id: 'actions',
        header: () => t('accounts.actions'),
        cell: (c) => {
          const account = c.row.original;
          const own = account.staff_id === ownStaffId;
          const busy = busyAccount === account.account_id;
          const ownOnly = (button: React.ReactElement) =>
            own ? <Tooltip title={t('staff-errors:staff.notOnOwnAccount')}>{button}</Tooltip> : button;
          const label = (action: string) => t(action, { account: account.account_id });
          return (
            <Space size={4} wrap>
              <Button
                size="small"
                onClick={() => actions.edit(account)}
                aria-label={label('accounts.editOf')}
              >
                {t('accounts.edit')}
              </Button>
              {account.status === 'active'
                ? ownOnly(
                    <Button
                      size="small"
                      disabled={own || busy}
                      onClick={() => actions.block(account)}
                      aria-label={label('accounts.blockOf')}
                    >
                      {t('accounts.block')}
                    </Button>,
                  )
                : ownOnly(
                    <Button
                      size="small"
                      disabled={own || busy}
                      onClick={() => actions.unseal(account)}
                      aria-label={label('accounts.unsealOf')}
                    >
                      {t('accounts.unseal')}
                    </Button>,
                  )}
              {ownOnly(
                <Button
                  size="small"
                  disabled={own || busy}
                  onClick={() => actions.resetSecondFactor(account)}
                  aria-label={label('secondFactor.reset.of')}
                >
                  {t('secondFactor.reset.action')}
                </Button>,
              )}
              {ownOnly(
                <Button
                  size="small"
                  danger
                  disabled={own || busy}
                  onClick={() => actions.remove(account)}
                  aria-label={label('accounts.deleteOf')}
                >
                  {t('accounts.delete')}
                </Button>,
              )}
            </Space>
          );
        },
      }),
    ],
    [t, i18n.language, ownStaffId, actions, busyAccount],
  );
  // TanStack Table rebuilds its instance every render by design; nothing here is memoized on it.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: accounts,
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.staff_id),
  });
  return <DataTable table={table} caption={t('accounts.title')} empty={t('accounts.empty')} />;
}
