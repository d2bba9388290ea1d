import { useEffect, useState } from 'react';
import { DAILY_PUSH_CAP } from '#domain/reader/push.ts';
import { ApiError } from '#web/shared/api/client.ts';
import { useToast } from '#web/shared/ui/Toasts.tsx';
import { currentPushSubscription, disablePush, enablePush, pushSupported, PushRefused, usePushSettings, useSavePushChoices, type PushSettings as Settings } from '../api/push.ts';

type ChoiceKind = 'breaking' | 'categories' | 'topics' | 'stories';
const CHOICES: { kind: ChoiceKind; label: string }[] = [
  { kind: 'breaking', label: 'Breaking stories' },
  { kind: 'categories', label: 'New in the categories you follow' },
  { kind: 'topics', label: 'Topics, publishers and keyword alerts you follow' },
  { kind: 'stories', label: 'Stories you follow' },
];
/** The quiet hours the checkbox switches on: the night, India time. */
const NIGHT = { from: 22, to: 7 };

/**
 * Push notifications on this browser (issue #37): the checkbox asks for permission, subscribes with the site's
 * key and gives the subscription to the API; unchecking removes it. What is pushed, and the quiet hours, are
 * the reader's choices on every device.
 */
export function PushSettings() {
  const settings = usePushSettings();
  const toast = useToast();
  const save = useSavePushChoices(() => toast('Error', 'Failed to update push choices'));
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    void currentPushSubscription().then((subscription) => current && setEnabled(Boolean(subscription)), () => current && setEnabled(false));
    return () => {
      current = false;
    };
  }, []);

  const toggle = async (on: boolean, data: Settings) => {
    setBusy(true);
    try {
      if (on) await enablePush(data.publicKey);
      else await disablePush();
      setEnabled(on);
      await settings.refetch();
      toast('Success', on ? 'Push notifications are on for this browser' : 'Push notifications are off for this browser');
    } catch (error) {
      toast('Error', error instanceof PushRefused || (error instanceof ApiError && error.status === 400) ? error.message : 'Failed to change push notifications');
    } finally {
      setBusy(false);
    }
  };

  if (!pushSupported()) {
    return (
      <label className="check">
        <input type="checkbox" checked={false} disabled /> Push notifications <span className="hint">(this browser cannot receive them from this site)</span>
      </label>
    );
  }
  const data = settings.data;
  return (
    <>
      <label className="check">
        <input type="checkbox" checked={Boolean(enabled)} disabled={!data || enabled === null || busy} onChange={(event) => data && void toggle(event.target.checked, data)} /> Push notifications on this browser
      </label>
      {data && enabled && (
        <fieldset className="push-choices">
          <legend>Push me</legend>
          {CHOICES.map(({ kind, label }) => (
            <label key={kind} className="check">
              <input type="checkbox" checked={data.choices[kind]} disabled={save.isPending} onChange={(event) => save.mutate({ [kind]: event.target.checked })} /> {label}
            </label>
          ))}
          <label className="check">
            <input type="checkbox" checked={data.choices.quietHours !== null} disabled={save.isPending} onChange={(event) => save.mutate({ quietHours: event.target.checked ? NIGHT : null })} /> Quiet at night (10 pm to 7 am IST)
          </label>
          <p className="hint">At most {DAILY_PUSH_CAP} a day; everything also waits in your notifications.</p>
        </fieldset>
      )}
    </>
  );
}
