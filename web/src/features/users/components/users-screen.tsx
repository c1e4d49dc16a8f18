import { Avatar } from 'primereact/avatar';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useState } from 'react';
import { ErrorState, EmptyState } from '@/components/ui/empty-state';
import { RowsSkeleton } from '@/components/ui/skeletons';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import type { GetUsersQuery, Role } from '@/gql/graphql';
import { roleLabels, useCurrentUser, useTimezone } from '@/lib/auth';
import { confirmAction } from '@/lib/confirm';
import { formatDate } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { usePreference } from '@/lib/preferences';
import { useRemoveUser, useSendResetLink, useUsers } from '../api/users';
import { CreateUserDialog } from './create-user-dialog';

type UserRow = GetUsersQuery['getUsers']['items'][number];

const PAGE_SIZES = [10, 20, 50, 100];
const roleSeverity: Record<Role, 'success' | 'info' | 'warning'> = { SUPER_ADMIN: 'warning', ADMIN: 'success', STAFF: 'info' };

export function UsersScreen() {
  const { data: me } = useCurrentUser();
  const timezone = useTimezone();
  const [pageSize, setPageSize] = usePreference('users.pageSize', 20);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const users = useUsers({ page, limit: pageSize });
  const remove = useRemoveUser();
  const sendReset = useSendResetLink();

  const grantable: Role[] = me?.role === 'SUPER_ADMIN' ? ['STAFF', 'ADMIN', 'SUPER_ADMIN'] : ['STAFF', 'ADMIN'];

  const onPage = (event: DataTableStateEvent) => {
    const rows = event.rows;
    if (rows !== pageSize) {
      setPageSize(rows);
      setPage(1);
    } else {
      setPage((event.page ?? 0) + 1);
    }
  };

  const onRemove = async (user: UserRow) => {
    const ok = await confirmAction({
      header: 'Remove user',
      message: `Remove ${user.firstName} ${user.lastName} (${user.email})? They are signed out at once and lose access to this workspace.`,
      acceptLabel: 'Remove',
      danger: true,
    });
    if (!ok) return;
    remove.mutate(user.id, {
      onSuccess: () => {
        notify.success(`${user.email} was removed.`);
        // Removing the last row of a page leaves it empty: step back one.
        if (users.data && users.data.items.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  const onSendReset = async (user: UserRow) => {
    const ok = await confirmAction({
      header: 'Send a reset link',
      message: `Email ${user.email} a link to choose a new password? The link works once, for one hour.`,
      acceptLabel: 'Send link',
    });
    if (!ok) return;
    sendReset.mutate(user.id, { onSuccess: () => notify.success(`A reset link was sent to ${user.email}.`) });
  };

  const nameCell = (user: UserRow) => (
    <div className="person">
      <Avatar label={`${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || '?'} shape="circle" className="person-avatar" />
      <div>
        <div className="person-name">
          {user.firstName} {user.lastName}
          {user.id === me?.id ? <span className="you-badge">You</span> : null}
        </div>
        <div className="person-email">{user.email}</div>
      </div>
    </div>
  );

  const shopsCell = (user: UserRow) =>
    user.role !== 'STAFF' ? (
      <span className="muted">All shops</span>
    ) : user.shops.length === 0 ? (
      <span className="muted">None assigned</span>
    ) : (
      <div className="chips">
        {user.shops.slice(0, 3).map((s) => (
          <span key={s.id} className="chip">
            {s.name}
          </span>
        ))}
        {user.shops.length > 3 ? <span className="chip">+{user.shops.length - 3}</span> : null}
      </div>
    );

  const actionsCell = (user: UserRow) => {
    const self = user.id === me?.id;
    return (
      <div className="row-actions">
        <Button
          icon="pi pi-key"
          rounded
          text
          severity="secondary"
          aria-label={`Send a reset link to ${user.email}`}
          tooltip="Send reset link"
          tooltipOptions={{ position: 'top' }}
          onClick={() => void onSendReset(user)}
        />
        <Button
          icon="pi pi-trash"
          rounded
          text
          severity="danger"
          aria-label={`Remove ${user.email}`}
          tooltip={self ? 'You cannot remove yourself' : 'Remove'}
          tooltipOptions={{ position: 'top', showOnDisabled: true }}
          disabled={self}
          onClick={() => void onRemove(user)}
        />
      </div>
    );
  };

  return (
    <div className="screen">
      <PageHeader
        title="Users"
        description="People who work in this workspace and what they may do."
        actions={<Button label="Add user" icon="pi pi-user-plus" onClick={() => setCreating(true)} />}
      />
      <Panel flush>
        {users.isError ? (
          <ErrorState error={users.error} onRetry={() => void users.refetch()} />
        ) : (
          <DataTable
            value={users.data?.items ?? []}
            dataKey="id"
            lazy
            paginator
            first={(page - 1) * pageSize}
            rows={pageSize}
            totalRecords={users.data?.pageInfo.totalCount ?? 0}
            rowsPerPageOptions={PAGE_SIZES}
            onPage={onPage}
            loading={users.isPending || (users.isFetching && users.isPlaceholderData)}
            paginatorTemplate="RowsPerPageDropdown CurrentPageReport PrevPageLink PageLinks NextPageLink"
            currentPageReportTemplate="{first}–{last} of {totalRecords}"
            emptyMessage={users.isPending ? <RowsSkeleton label="Loading the users" /> : <EmptyState icon="pi pi-users" title="No users yet" />}
            className="data-table"
            data-testid="users-table"
            pt={{ table: { 'aria-label': 'Users' } }}
          >
            <Column header="User" body={nameCell} />
            <Column header="Role" body={(u: UserRow) => <Tag value={roleLabels[u.role]} severity={roleSeverity[u.role]} rounded />} style={{ width: '9rem' }} />
            <Column header="Shops" body={shopsCell} />
            <Column header="Added" body={(u: UserRow) => formatDate(u.createdAt, timezone)} style={{ width: '10rem' }} />
            <Column header="" body={actionsCell} style={{ width: '7rem' }} align="right" />
          </DataTable>
        )}
      </Panel>
      <CreateUserDialog visible={creating} onHide={() => setCreating(false)} roles={grantable} />
    </div>
  );
}
