import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table from '@cloudscape-design/components/table';
import Tabs from '@cloudscape-design/components/tabs';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useEffect, useMemo, useState } from 'react';
import type { UserTab } from '#domain/operations/user-admin.ts';
import { useSubmission } from '#web/shared/api/submission.ts';
import { errorText } from '../../shell/api.ts';
import { useFlash } from '../../shell/flash.tsx';
import { useConsoleSessionQuery } from '../../shell/guard.tsx';
import type { UserRole, UserRow } from './api.ts';
import { EditUserModal, EnableModal, MessageModal, RoleModal, SuspendModal } from './UserDialogs.tsx';
import { ROLE_LABELS, userColumns, type UserAction } from './tableConfig.tsx';
import { useUserActions, useUsers } from './useUsers.ts';

const TABS: Array<{ id: UserTab; label: string; description: string }> = [
  { id: 'all', label: 'All', description: 'Every account, newest first.' },
  { id: 'active', label: 'Active', description: 'Accounts that are not suspended (they can sign in).' },
  { id: 'recent', label: 'Recent', description: 'Accounts that joined in the last 7 days.' },
  { id: 'admins', label: 'Admins', description: 'Admins and moderators.' },
];

/** Admin spec section 8. */
const LOAD_FAILED = 'Failed to load users. Please try again';
const SEARCH_DELAY_MS = 300;

type Dialog = { kind: UserAction; user: UserRow } | null;
type Submitted = { request: Record<string, unknown>; work: (idempotencyKey: string) => Promise<unknown>; success: { header: string; content?: string }; failure: string };

function UserTable({ tab, search, onAction }: { tab: UserTab; search: string; onAction: (action: UserAction, row: UserRow) => void }) {
  const users = useUsers(tab, search);
  const rows = useMemo(() => users.data?.pages.flatMap((page) => page.items) ?? [], [users.data]);
  const columns = useMemo(() => userColumns(onAction), [onAction]);
  if (users.isError) {
    return (
      <Alert type="error" header="Error" action={<Button onClick={() => void users.refetch()}>Retry</Button>}>
        {LOAD_FAILED}
      </Alert>
    );
  }
  const description = TABS.find((entry) => entry.id === tab)!.description;
  return (
    <Table
      variant="embedded"
      items={rows}
      columnDefinitions={columns}
      trackBy="userId"
      stickyColumns={{ first: 0, last: 1 }}
      loading={users.isPending}
      loadingText="Loading users"
      ariaLabels={{ tableLabel: `Users: ${TABS.find((entry) => entry.id === tab)!.label}` }}
      header={<Box variant="p" color="text-body-secondary">{description}</Box>}
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          <b>No users</b>
          <Box variant="p" color="inherit">{search ? `No user's name or e-mail contains "${search}".` : 'No accounts in this list yet.'}</Box>
        </Box>
      }
      footer={
        users.hasNextPage ? (
          <Box textAlign="center">
            <Button onClick={() => void users.fetchNextPage()} loading={users.isFetchingNextPage}>Load more users</Button>
          </Box>
        ) : null
      }
    />
  );
}

/** User management (admin spec: tabs All, Active, Recent, Admins; search; the user dialogs). */
export default function UsersPage() {
  const flash = useFlash();
  const [tab, setTab] = useState<UserTab>('all');
  const [filteringText, setFilteringText] = useState('');
  const [search, setSearch] = useState('');
  const [dialog, setDialog] = useState<Dialog>(null);
  const actions = useUserActions();
  const session = useConsoleSessionQuery();

  useEffect(() => {
    const timer = setTimeout(() => setSearch(filteringText.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [filteringText]);

  const onAction = useMemo(() => (kind: UserAction, user: UserRow) => setDialog({ kind, user }), []);
  const close = () => setDialog(null);
  const who = (user: UserRow) => user.fullName || user.email;

  // One submission at a time, each with its Idempotency-Key: a double click on a dialog's button writes once.
  const submission = useSubmission(async ({ work, success, failure }: Submitted, idempotencyKey: string) => {
    try {
      await work(idempotencyKey);
      flash.notify({ type: 'success', ...success });
      close();
    } catch (error) {
      // Spec section 8: "Error" with the screen's text; the server's reason after it when it gave one.
      const reason = errorText(error, '');
      flash.notify({ type: 'error', header: 'Error', content: reason ? `${failure}: ${reason}` : failure });
    }
  });
  /** `request` names the change (its user and values): the same change again is the same submission. */
  const run = (request: Record<string, unknown>, work: (idempotencyKey: string) => Promise<unknown>, success: { header: string; content?: string }, failure: string) =>
    submission.run({ request, work, success, failure });

  const busy = submission.pending;

  return (
    <ContentLayout header={<Header variant="h1" description="Accounts, roles, direct messages and suspensions.">User Management</Header>}>
      <SpaceBetween size="m">
        <TextFilter
          filteringText={filteringText}
          filteringPlaceholder="Search by name or email"
          filteringAriaLabel="Search users by name or email"
          filteringClearAriaLabel="Clear search"
          onChange={({ detail }) => setFilteringText(detail.filteringText)}
        />
        <Tabs
          variant="container"
          activeTabId={tab}
          onChange={({ detail }) => setTab(detail.activeTabId as UserTab)}
          ariaLabel="User lists"
          tabs={TABS.map((entry) => ({ id: entry.id, label: entry.label, content: entry.id === tab ? <UserTable tab={entry.id} search={search} onAction={onAction} /> : null }))}
        />
      </SpaceBetween>

      {dialog?.kind === 'edit' ? (
        <EditUserModal
          user={dialog.user}
          busy={busy}
          onDismiss={close}
          onSave={(changes) =>
            void run(
              { edit: dialog.user.userId, changes },
              (idempotencyKey) => actions.update.mutateAsync({ userId: dialog.user.userId, ...changes, idempotencyKey }),
              { header: 'User profile updated', content: changes.email ? `${changes.email} must confirm the code sent to it.` : who(dialog.user) },
              'Failed to update user profile',
            )
          }
        />
      ) : null}
      {dialog?.kind === 'role' ? (
        <RoleModal
          user={dialog.user}
          busy={busy}
          isSelf={session.data?.userId === dialog.user.userId}
          onDismiss={close}
          onSave={(role: UserRole) =>
            void run(
              { role, of: dialog.user.userId },
              (idempotencyKey) => actions.role.mutateAsync({ userId: dialog.user.userId, role, idempotencyKey }),
              { header: 'User role updated', content: `${who(dialog.user)} is now ${ROLE_LABELS[role]}; it applies from their next sign-in.` },
              'Failed to update user role',
            )
          }
        />
      ) : null}
      {dialog?.kind === 'message' ? (
        <MessageModal
          user={dialog.user}
          busy={busy}
          onDismiss={close}
          onSend={(message) => void run({ message, to: dialog.user.userId }, (idempotencyKey) => actions.message.mutateAsync({ userId: dialog.user.userId, message, idempotencyKey }), { header: 'Message sent', content: `To ${who(dialog.user)}` }, 'Failed to send message')}
        />
      ) : null}
      {dialog?.kind === 'suspend' ? (
        <SuspendModal
          user={dialog.user}
          busy={busy}
          onDismiss={close}
          onConfirm={(reason) => void run({ suspend: dialog.user.userId, reason }, (idempotencyKey) => actions.suspend.mutateAsync({ userId: dialog.user.userId, reason, idempotencyKey }), { header: 'User suspended', content: who(dialog.user) }, 'Failed to suspend user')}
        />
      ) : null}
      {dialog?.kind === 'enable' ? (
        <EnableModal
          user={dialog.user}
          busy={busy}
          onDismiss={close}
          onConfirm={() => void run({ enable: dialog.user.userId }, (idempotencyKey) => actions.enable.mutateAsync({ userId: dialog.user.userId, idempotencyKey }), { header: 'User enabled', content: who(dialog.user) }, 'Failed to enable user')}
        />
      ) : null}
    </ContentLayout>
  );
}
