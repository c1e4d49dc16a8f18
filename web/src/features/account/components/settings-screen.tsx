import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { Password } from 'primereact/password';
import { Tag } from 'primereact/tag';
import { useMemo, useState, type FormEvent } from 'react';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Panel } from '@/components/ui/panel';
import { roleLabels, timezoneOf, useCurrentUser, type CurrentUser } from '@/lib/auth';
import { formatDateTime, timezones } from '@/lib/dates';
import { notify } from '@/lib/notify';
import { useSession } from '@/lib/session';
import { relogin, useChangePassword, useUpdateUserSettings } from '../api/account';
import { TelegramPanel } from './telegram-panel';

const PASSWORD_MIN_LENGTH = 8;

function TimezonePanel({ user }: { user: CurrentUser }) {
  const { browserTimezone } = useSession();
  const saved = user.settings.find((s) => s.name === 'TIMEZONE')?.value ?? '';
  const [zone, setZone] = useState(saved || browserTimezone);
  const update = useUpdateUserSettings();
  const options = useMemo(() => timezones().map((z) => ({ label: z.replace(/_/g, ' '), value: z })), []);
  const effective = timezoneOf(user, browserTimezone);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate([{ name: 'TIMEZONE', value: zone }], {
      onSuccess: () => notify.success(`Dates are now shown in ${zone}.`),
    });
  };

  return (
    <Panel title="Time zone">
      <form onSubmit={onSubmit} className="stack">
        <p className="muted">
          Every date in Sellerdesk is shown in this zone. Now: <strong data-testid="effective-timezone">{effective}</strong>{' '}
          — {formatDateTime(new Date().toISOString(), effective)}
          {!saved ? <span> (from your browser)</span> : null}
        </p>
        <Field id="timezone" label="Time zone">
          <Dropdown
            inputId="timezone"
            value={zone}
            options={options}
            onChange={(e) => setZone(e.value as string)}
            filter
            filterPlaceholder="Search zones"
            placeholder="Choose a zone"
            className="w-full timezone-dropdown"
            virtualScrollerOptions={{ itemSize: 38 }}
          />
        </Field>
        <div>
          <Button type="submit" label="Save time zone" icon="pi pi-check" loading={update.isPending} disabled={zone === saved} />
        </div>
      </form>
    </Panel>
  );
}

function PasswordPanel({ user }: { user: CurrentUser }) {
  const { signIn, signOut, anonymousClient } = useSession();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const change = useChangePassword();
  const tooShort = next.length < PASSWORD_MIN_LENGTH;
  const mismatch = next !== repeat;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!current || tooShort || mismatch) return;
    change.mutate(
      { currentPassword: current, newPassword: next },
      {
        // A password change revokes every token, this one included: sign in again with the new
        // password so the user stays where they are.
        onSuccess: async () => {
          try {
            // The old token is revoked by now, so this request goes without it.
            signIn(await relogin(anonymousClient, user.email, next));
            notify.success('Your password has been changed. Other devices were signed out.');
          } catch {
            notify.info('Your password has been changed. Sign in with the new one.');
            signOut('user');
          }
          setCurrent('');
          setNext('');
          setRepeat('');
          setSubmitted(false);
        },
      },
    );
  };

  return (
    <Panel title="Password">
      <form onSubmit={onSubmit} className="stack" noValidate aria-label="Change password">
        <Field id="currentPassword" label="Current password" error={submitted && !current ? 'Enter your current password' : null}>
          <Password inputId="currentPassword" value={current} onChange={(e) => setCurrent(e.target.value)} feedback={false} toggleMask autoComplete="current-password" />
        </Field>
        <div className="field-row">
          <Field id="newPassword" label="New password" error={submitted && tooShort ? `Use at least ${PASSWORD_MIN_LENGTH} characters` : null}>
            <Password inputId="newPassword" value={next} onChange={(e) => setNext(e.target.value)} feedback={false} toggleMask autoComplete="new-password" />
          </Field>
          <Field id="repeatPassword" label="Repeat new password" error={submitted && mismatch ? 'The passwords differ' : null}>
            <Password inputId="repeatPassword" value={repeat} onChange={(e) => setRepeat(e.target.value)} feedback={false} toggleMask autoComplete="new-password" />
          </Field>
        </div>
        <div>
          <Button type="submit" label="Change password" icon="pi pi-lock" loading={change.isPending} />
        </div>
      </form>
    </Panel>
  );
}

function ProfilePanel({ user }: { user: CurrentUser }) {
  const { browserTimezone } = useSession();
  return (
    <Panel title="Profile">
      <dl className="details">
        <div>
          <dt>Name</dt>
          <dd>
            {user.firstName} {user.lastName}
          </dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd>
            <Tag value={roleLabels[user.role]} severity={user.role === 'STAFF' ? 'info' : 'success'} />
          </dd>
        </div>
        {user.client ? (
          <div>
            <dt>Workspace</dt>
            <dd>
              {user.client.name} <span className="muted">({user.client.key})</span>
            </dd>
          </div>
        ) : null}
        <div>
          <dt>Member since</dt>
          <dd>{formatDateTime(user.createdAt, timezoneOf(user, browserTimezone))}</dd>
        </div>
      </dl>
    </Panel>
  );
}

export function SettingsScreen() {
  const { data: user } = useCurrentUser();
  const { browserTimezone } = useSession();
  if (!user) return null;
  return (
    <div className="screen">
      <PageHeader title="Settings" description="Your profile, time zone, password and Telegram alerts." />
      <div className="grid-2">
        <div className="stack-lg">
          <ProfilePanel user={user} />
          <TimezonePanel user={user} />
        </div>
        <div className="stack-lg">
          <PasswordPanel user={user} />
          <TelegramPanel timezone={timezoneOf(user, browserTimezone)} />
        </div>
      </div>
    </div>
  );
}
