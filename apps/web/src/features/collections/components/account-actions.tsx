// What a collector does with an account in its drawer: pause its reminders until a day (at most maxPauseDays ahead) or
// resume them, give it to a collector (or to nobody), and log a note or a call. Each saves at once; a refusal is the
// client's toast, and the drawer and the worklist row show the account afresh after a success.
import { Button, Group, Radio, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { maxNoteLength, maxPauseDays, noteKinds, type WorklistAccount } from '@portal/contracts';
import { addIsoDays, serverDay } from '@portal/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format-date';
import { log } from '../../../lib/log';
import { notify } from '../../../lib/notify';
import { addCollectionNote, type NoteKind } from '../api/add-collection-note';
import { assignCollector } from '../api/assign-collector';
import type { AccountRef } from '../api/get-collection-account';
import { useCollectors } from '../api/get-collectors';
import { pauseReminders } from '../api/pause-reminders';
import classes from './collections.module.css';

type OnDone = (changed?: WorklistAccount) => Promise<void>;

export function PauseForm({
  account,
  pausedUntil,
  onDone,
}: {
  account: AccountRef;
  pausedUntil: string | null;
  onDone: OnDone;
}) {
  const { t } = useTranslation();
  // The server's days are UTC days: the bounds it checks.
  const [today] = useState(() => serverDay(new Date()));
  const latest = addIsoDays(today, maxPauseDays);
  const [until, setUntil] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'pause' | 'resume' | null>(null);

  const save = async (day: string | null) => {
    setBusy(day ? 'pause' : 'resume');
    try {
      const changed = await pauseReminders(account, day);
      notify.success(
        day ? t('collections.actions.paused', { date: formatDate(day) }) : t('collections.actions.resumed'),
      );
      setUntil('');
      await onDone(changed);
    } catch (failure) {
      log.warn('Pausing the reminders failed', failure);
    } finally {
      setBusy(null);
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!until) return setError(t('collections.actions.pause_required'));
    if (until < today || until > latest)
      return setError(t('collections.actions.pause_range', { max: formatDate(latest) }));
    void save(until);
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="pause-form">
      <Stack gap="xs">
        <Text size="sm" data-testid="pause-state">
          {pausedUntil
            ? t('collections.actions.paused_now', { date: formatDate(pausedUntil) })
            : t('collections.actions.not_paused_now')}
        </Text>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="date"
            label={t('collections.actions.pause_until')}
            description={t('collections.actions.pause_hint', { max: maxPauseDays })}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            min={today}
            max={latest}
            value={until}
            onChange={(event) => {
              setUntil(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            className={classes.dateField}
          />
          <Button type="submit" variant="default" loading={busy === 'pause'} disabled={busy === 'resume'}>
            {t('collections.actions.pause')}
          </Button>
          {pausedUntil && (
            <Button
              variant="default"
              loading={busy === 'resume'}
              disabled={busy === 'pause'}
              onClick={() => void save(null)}
              data-testid="resume-reminders"
            >
              {t('collections.actions.resume')}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

export function CollectorForm({
  account,
  collector,
  onDone,
}: {
  account: AccountRef;
  collector: WorklistAccount['collector'];
  onDone: OnDone;
}) {
  const { t } = useTranslation();
  const collectors = useCollectors();
  const current = collector ? String(collector.user_id) : 'none';
  const [chosen, setChosen] = useState(current);
  const [busy, setBusy] = useState(false);
  const options = collectors.data?.collectors ?? [];
  // A collector who may no longer be chosen (switched off since) still names the account's holder.
  const listed = collector && !options.some((entry) => entry.user_id === collector.user_id) ? [collector] : [];

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || chosen === current) return;
    setBusy(true);
    try {
      const changed = await assignCollector(account, chosen === 'none' ? null : Number(chosen));
      notify.success(
        changed.collector
          ? t('collections.actions.collector_saved', { name: changed.collector.name })
          : t('collections.actions.collector_saved_nobody'),
      );
      await onDone(changed);
    } catch (failure) {
      log.warn('Assigning the collector failed', failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="collector-form">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label={t('collections.actions.collector')}
          data={[
            { value: 'none', label: t('collections.filters.nobody') },
            ...[...listed, ...options].map((entry) => ({ value: String(entry.user_id), label: entry.name })),
          ]}
          value={chosen}
          onChange={(value) => value && setChosen(value)}
          allowDeselect={false}
          className={classes.selectField}
        />
        <Button type="submit" variant="default" loading={busy} disabled={chosen === current}>
          {t('collections.actions.collector_save')}
        </Button>
      </Group>
    </form>
  );
}

export function NoteForm({ account, onDone }: { account: AccountRef; onDone: OnDone }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<NoteKind>('note');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const words = text.trim();
    if (!words) return setError(t('collections.actions.note_required'));
    setBusy(true);
    try {
      await addCollectionNote(account, kind, words);
      notify.success(t('collections.actions.note_added'));
      setText('');
      await onDone();
    } catch (failure) {
      log.warn('Logging the note failed', failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate data-testid="note-form">
      <Stack gap="sm">
        <Radio.Group
          label={t('collections.actions.note_kind')}
          value={kind}
          onChange={(value) => setKind(value as NoteKind)}
        >
          <Group gap="md" mt={4}>
            {noteKinds.map((value) => (
              <Radio key={value} value={value} label={t(`collections.timeline.kinds.${value}`)} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label={t('collections.actions.note_text')}
          description={t('collections.actions.note_hint', { max: maxNoteLength })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          maxLength={maxNoteLength}
          autosize
          minRows={3}
          maxRows={10}
          error={error}
          required
        />
        <Group>
          <Button type="submit" loading={busy}>
            {t('collections.actions.note_add')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
