import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Modal from '@cloudscape-design/components/modal';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState, type ReactNode } from 'react';
import type { UserRole, UserRow } from './api.ts';
import { ROLE_LABELS } from './tableConfig.tsx';
import { DialogFooter } from '../../shell/DialogFooter.tsx';

interface DialogProps {
  user: UserRow;
  busy: boolean;
  onDismiss: () => void;
}

function Dialog({ header, footer, onDismiss, formId, onSubmit, children }: { header: string; footer: ReactNode; onDismiss: () => void; formId: string; onSubmit: () => void; children: ReactNode }) {
  return (
    <Modal visible header={header} onDismiss={onDismiss} footer={footer} closeAriaLabel="Close dialog">
      <form id={formId} onSubmit={(event) => { event.preventDefault(); onSubmit(); }}>
        <Form>{children}</Form>
      </form>
    </Modal>
  );
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function EditUserModal({ user, busy, onDismiss, onSave }: DialogProps & { onSave: (changes: { fullName: string; email?: string }) => void }) {
  const [fullName, setFullName] = useState(user.fullName);
  const [email, setEmail] = useState(user.email);
  const [tried, setTried] = useState(false);
  const emailError = tried && !EMAIL_PATTERN.test(email.trim()) ? 'Enter a valid e-mail address' : undefined;
  const submit = () => {
    setTried(true);
    if (!EMAIL_PATTERN.test(email.trim())) return;
    const changedEmail = email.trim().toLowerCase() !== user.email.toLowerCase();
    onSave({ fullName: fullName.trim(), ...(changedEmail ? { email: email.trim() } : {}) });
  };
  return (
    <Dialog header="Edit User Profile" formId="edit-user" onSubmit={submit} onDismiss={onDismiss} footer={<DialogFooter onCancel={onDismiss} busy={busy} label="Save changes" submitId="edit-user" />}>
      <SpaceBetween size="m">
        <FormField label="Full name">
          <Input value={fullName} onChange={({ detail }) => setFullName(detail.value)} ariaLabel="Full name" />
        </FormField>
        <FormField label="Email" errorText={emailError} description="Also the address the user signs in with. A new address counts as unverified until the user confirms the code sent to it.">
          <Input type="email" value={email} onChange={({ detail }) => setEmail(detail.value)} ariaLabel="Email" />
        </FormField>
      </SpaceBetween>
    </Dialog>
  );
}

const ROLE_DESCRIPTIONS: Record<UserRole, string> = {
  user: 'Reads the site; no console access.',
  moderator: 'Works the review queue and manages articles.',
  admin: 'Runs the whole console, users included.',
};

export function RoleModal({ user, busy, onDismiss, onSave, isSelf }: DialogProps & { onSave: (role: UserRole) => void; isSelf: boolean }) {
  const [role, setRole] = useState<UserRole>(user.role);
  return (
    <Dialog
      header="Change User Role"
      formId="change-role"
      onSubmit={() => onSave(role)}
      onDismiss={onDismiss}
      footer={<DialogFooter onCancel={onDismiss} busy={busy} label="Save role" submitId="change-role" disabled={role === user.role || (isSelf && role !== 'admin')} />}
    >
      <SpaceBetween size="m">
        <FormField label={`Role of ${user.fullName || user.email}`} description="The change takes effect the next time the user signs in.">
          <RadioGroup
            value={role}
            onChange={({ detail }) => setRole(detail.value as UserRole)}
            ariaLabel="Role"
            items={(['user', 'moderator', 'admin'] as const).map((value) => ({ value, label: ROLE_LABELS[value], description: ROLE_DESCRIPTIONS[value] }))}
          />
        </FormField>
        {isSelf && role !== 'admin' ? <Alert type="warning">You cannot remove your own admin role.</Alert> : null}
      </SpaceBetween>
    </Dialog>
  );
}

export function MessageModal({ user, busy, onDismiss, onSend }: DialogProps & { onSend: (message: string) => void }) {
  const [message, setMessage] = useState('');
  const [tried, setTried] = useState(false);
  const submit = () => {
    setTried(true);
    if (message.trim()) onSend(message.trim());
  };
  return (
    <Dialog header="Send Message to User" formId="send-message" onSubmit={submit} onDismiss={onDismiss} footer={<DialogFooter onCancel={onDismiss} busy={busy} label="Send message" submitId="send-message" />}>
      <FormField
        label="Message"
        description={`${user.fullName || user.email} sees it among their notifications, titled "Message from Admin".`}
        errorText={tried && !message.trim() ? 'Write a message' : undefined}
        constraintText={`${message.length}/2000 characters`}
      >
        <Textarea value={message} onChange={({ detail }) => setMessage(detail.value.slice(0, 2000))} ariaLabel="Message" rows={5} />
      </FormField>
    </Dialog>
  );
}

export function SuspendModal({ user, busy, onDismiss, onConfirm }: DialogProps & { onConfirm: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  return (
    <Dialog header="Suspend User" formId="suspend-user" onSubmit={() => onConfirm(reason.trim())} onDismiss={onDismiss} footer={<DialogFooter onCancel={onDismiss} busy={busy} label="Suspend" submitId="suspend-user" />}>
      <SpaceBetween size="m">
        <Alert type="warning">
          Suspend {user.fullName || user.email}? They are signed out everywhere and cannot sign in until you enable them again, and they get an Account Suspension Notice.
        </Alert>
        <FormField label="Reason (optional)" description="Included in the notice.">
          <Textarea value={reason} onChange={({ detail }) => setReason(detail.value.slice(0, 500))} ariaLabel="Reason" rows={3} />
        </FormField>
      </SpaceBetween>
    </Dialog>
  );
}

export function EnableModal({ user, busy, onDismiss, onConfirm }: DialogProps & { onConfirm: () => void }) {
  return (
    <Dialog header="Enable User" formId="enable-user" onSubmit={onConfirm} onDismiss={onDismiss} footer={<DialogFooter onCancel={onDismiss} busy={busy} label="Enable" submitId="enable-user" />}>
      <Box>Enable {user.fullName || user.email}? They can sign in again.</Box>
    </Dialog>
  );
}
