/**
 * One subscriber's consent timeline (the append-only ledger: signup, confirmation, mails,
 * unsubscribe), opened from the subscriber table, with the proof-of-consent CSV download.
 * A Radix dialog: focus trapped, Escape closes, focus returns to the button that opened it (useReturnFocus).
 */
import { useEffect, useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { adminFetch } from '../../stores/admin';
import { STATUS_LABELS, nameLabel, type AdminSubscriber } from '../../lib/admin/subscribers';
import { timelineEntry } from '../../lib/admin/timeline';
import type { LedgerEvent } from '../../lib/subscribers/ledger';
import { Spinner, useReturnFocus } from './ui';
import SubscriberOrders from './SubscriberOrders';
import { useCan } from './useCan';

interface Props {
  /** The subscriber to show; null keeps the dialog closed. */
  subscriber: AdminSubscriber | null;
  onClose: () => void;
}

const TONES = {
  good: 'bg-emerald-600 dark:bg-emerald-400',
  bad: 'bg-red-600 dark:bg-red-400',
  neutral: 'bg-slate-400 dark:bg-slate-500',
} as const;

export default function SubscriberTimeline({ subscriber, onClose }: Props) {
  const can = useCan();
  const [history, setHistory] = useState<LedgerEvent[] | null>(null);
  const returnFocus = useReturnFocus();
  const [error, setError] = useState<string | null>(null);
  // Read from the record with the history: a row listed from the index does not know it.
  const [bounced, setBounced] = useState<AdminSubscriber['bounced']>(null);

  useEffect(() => {
    if (!subscriber) return;
    let live = true;
    setHistory(null);
    setError(null);
    setBounced(subscriber.bounced ?? null);
    adminFetch<{ history: LedgerEvent[]; subscriber?: AdminSubscriber }>(`/api/admin/waitlist/${subscriber.id}/history`)
      .then((r) => {
        if (!live) return;
        setHistory(r.history);
        setBounced(r.subscriber?.bounced ?? null);
      })
      .catch((err) => {
        console.error('[admin] loading the consent history failed', err);
        if (live) setError('Failed to load the consent history');
      });
    return () => {
      live = false;
    };
  }, [subscriber]);

  return (
    <Dialog.Root open={subscriber !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50 backdrop-blur-[2px]" />
        <Dialog.Content
          {...returnFocus}
          className="card fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-2xl -translate-x-1/2 -translate-y-1/2 flex-col p-0 shadow-xl"
          data-testid="subscriber-timeline"
        >
          <div className="border-b border-line p-5 sm:p-6">
            <Dialog.Title className="text-lg font-bold">Consent history</Dialog.Title>
            <Dialog.Description className="mt-1 text-sm text-muted [overflow-wrap:anywhere]">
              {subscriber
                ? `${nameLabel(subscriber.name)} · ${subscriber.email} · ${bounced ? 'Bounced' : STATUS_LABELS[subscriber.status]}`
                : ''}
            </Dialog.Description>
            {bounced ? (
              <p
                className="mt-3 rounded-xl border border-red-300 bg-red-50 p-3 text-sm text-red-900 [overflow-wrap:anywhere] dark:border-red-800 dark:bg-red-950/40 dark:text-red-100"
                data-testid="timeline-bounced"
              >
                No mail of any kind goes to this address: the mail provider reported it undeliverable on{' '}
                {new Date(bounced.at).toLocaleString()} ({bounced.reason}).
              </p>
            ) : null}
          </div>
          {/* A scroll area of text only: focusable, so the keyboard can scroll it (on small screens it scrolls). */}
          <div
            className="min-h-0 flex-1 overflow-y-auto p-5 sm:p-6"
            tabIndex={0}
            role="region"
            aria-label="Events of this subscriber"
          >
            {error ? (
              <p className="text-sm font-medium text-red-700 dark:text-red-400" role="alert">
                {error}
              </p>
            ) : history === null ? (
              <p className="flex items-center gap-2 text-sm text-muted" role="status">
                <Spinner /> Loading the history…
              </p>
            ) : (
              <ol className="relative grid gap-5 border-l border-line pl-5" aria-label="Events, oldest first">
                {history.map((event, i) => {
                  const entry = timelineEntry(event);
                  return (
                    <li key={`${event.at}-${i}`} className="relative" data-testid="timeline-event">
                      <span
                        className={`absolute -left-[1.6rem] top-1.5 h-3 w-3 rounded-full shadow-[0_0_0_4px_var(--surface)] ${TONES[entry.tone]}`}
                        aria-hidden="true"
                      />
                      <p className="font-semibold">{entry.title}</p>
                      <p className="text-xs text-muted">
                        <time dateTime={event.at}>{new Date(event.at).toLocaleString()}</time>
                      </p>
                      {entry.details.length ? (
                        <dl className="mt-2 grid gap-x-3 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                          {entry.details.map((d) => (
                            <div key={d.label} className="contents">
                              <dt className="text-muted">{d.label}</dt>
                              <dd className="[overflow-wrap:anywhere]">{d.value}</dd>
                            </div>
                          ))}
                        </dl>
                      ) : null}
                    </li>
                  );
                })}
              </ol>
            )}
            {subscriber ? <SubscriberOrders email={subscriber.email} /> : null}
          </div>
          <div className="flex flex-col-reverse gap-2 border-t border-line p-4 sm:flex-row sm:justify-end sm:p-5">
            <Dialog.Close className="btn-secondary">Close</Dialog.Close>
            {subscriber && can('GET', '/waitlist/:id/consent.csv') ? (
              <a className="btn-primary" href={`/api/admin/waitlist/${subscriber.id}/consent.csv`} download>
                Download proof of consent (CSV)
              </a>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
