import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { useState } from 'react';
import { Panel } from '@/components/ui/panel';
import { LinesSkeleton } from '@/components/ui/skeletons';
import type { TelegramAlert } from '@/gql/graphql';
import { confirmAction } from '@/lib/confirm';
import { formatDateTime } from '@/lib/dates';
import { notify } from '@/lib/notify';
import {
  useCreateTelegramLink,
  useDisconnectTelegramBot,
  useSetTelegramAlerts,
  useTelegramAlerts,
  useTelegramUser,
} from '../api/telegram';

export const alertLabels: Record<TelegramAlert, string> = {
  BULK_BATCH_FAILED: 'A bulk action finished with failures',
  ORDERS_DUE: 'Orders must ship within 24 hours, or are late',
  PROMOTION_RENEWAL_FAILED: 'A promotion could not be renewed',
  LOW_BALANCE: 'My balance is low',
};

const ALL_ALERTS = Object.keys(alertLabels) as TelegramAlert[];

function AlertChoices({ linkId }: { linkId: string | undefined }) {
  const { data: saved } = useTelegramAlerts(linkId);
  // The user's edits; none yet means the saved choices.
  const [draft, setDraft] = useState<TelegramAlert[] | null>(null);
  const save = useSetTelegramAlerts(linkId);
  const chosen = draft ?? saved ?? [];
  const changed = !!saved && (saved.length !== chosen.length || saved.some((a) => !chosen.includes(a)));

  const toggle = (alert: TelegramAlert, on: boolean) =>
    setDraft(on ? [...chosen.filter((a) => a !== alert), alert] : chosen.filter((a) => a !== alert));

  return (
    <form
      className="stack"
      aria-label="Telegram alerts"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(chosen, {
          onSuccess: () => {
            setDraft(null);
            notify.success('Your Telegram alerts are saved.');
          },
        });
      }}
    >
      <p className="muted">Send me a message when:</p>
      {ALL_ALERTS.map((alert) => (
        <div key={alert} className="checkbox-row">
          <Checkbox inputId={`alert-${alert}`} checked={chosen.includes(alert)} onChange={(e) => toggle(alert, !!e.checked)} />
          <label htmlFor={`alert-${alert}`}>{alertLabels[alert]}</label>
        </div>
      ))}
      <div>
        <Button type="submit" label="Save alerts" icon="pi pi-check" loading={save.isPending} disabled={!changed} />
      </div>
    </form>
  );
}

export function TelegramPanel({ timezone }: { timezone: string }) {
  const [link, setLink] = useState<{ url: string; botUsername: string; expiresAt: string } | null>(null);
  const { data: linked, isLoading } = useTelegramUser(!!link);
  const create = useCreateTelegramLink();
  const disconnect = useDisconnectTelegramBot();

  if (isLoading) {
    return (
      <Panel title="Telegram alerts">
        <LinesSkeleton label="Loading Telegram alerts" />
      </Panel>
    );
  }
  const name = linked ? [linked.firstName, linked.lastName].filter(Boolean).join(' ') : '';

  return (
    <Panel title="Telegram alerts">
      <div className="stack">
        {linked ? (
          <>
            <p data-testid="telegram-linked">
              Linked to <strong>{name || 'your Telegram account'}</strong>
              {linked.username ? <span className="muted"> (@{linked.username})</span> : null}
            </p>
            <div>
              <Button
                type="button"
                label="Disconnect Telegram"
                icon="pi pi-times"
                severity="secondary"
                outlined
                loading={disconnect.isPending}
                onClick={async () => {
                  const sure = await confirmAction({
                    header: 'Disconnect Telegram?',
                    message: 'No more alerts will be sent to this Telegram account. You can link it again at any time.',
                    acceptLabel: 'Disconnect',
                    danger: true,
                  });
                  if (!sure) return;
                  disconnect.mutate(linked.id, {
                    onSuccess: () => {
                      // The link that made this one is used up.
                      setLink(null);
                      notify.success('Telegram is disconnected. No more alerts will be sent there.');
                    },
                  });
                }}
              />
            </div>
          </>
        ) : link ? (
          <>
            <p>
              Open the link in Telegram and press <strong>Start</strong>. It works once, until {formatDateTime(link.expiresAt, timezone)}.
            </p>
            <div>
              <a className="p-button p-component" href={link.url} target="_blank" rel="noreferrer">
                Open @{link.botUsername} in Telegram
              </a>
            </div>
          </>
        ) : (
          <>
            <p className="muted">Get the alerts you choose below as Telegram messages from our bot.</p>
            <div>
              <Button
                type="button"
                label="Link Telegram"
                icon="pi pi-send"
                loading={create.isPending}
                onClick={() => create.mutate(undefined, { onSuccess: setLink })}
              />
            </div>
          </>
        )}
        {/* A new link starts from the choices the server made for it, not from an old draft. */}
        <AlertChoices key={linked?.id ?? 'unlinked'} linkId={linked?.id} />
      </div>
    </Panel>
  );
}
