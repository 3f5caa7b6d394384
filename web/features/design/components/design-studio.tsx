import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { type Item, SLOTS, type Slot } from '../../../../contracts/catalog';
import {
  type CreateOutfitBody,
  CreateOutfitBodySchema,
  type DesignOutfit,
} from '../../../../contracts/design';
import type { Outfit } from '../../../../contracts/outfit';
import { RetryAlert } from '../../../components/retry-alert';
import { ApiRequestError } from '../../../lib/api-client';
import { messageOf } from '../../../lib/error-message';
import { useNotify } from '../../../lib/notify';
import { positiveId } from '../../../lib/positive-id';
import { useCreateOutfit } from '../api/create-outfit';
import { useDeleteOutfit } from '../api/delete-outfit';
import { useEditOutfit } from '../api/edit-outfit';
import { useDesignOutfit } from '../api/get-design-outfit';
import { useOccasions } from '../api/get-occasions';
import { CategoryCarousel } from './category-carousel';
import { ConfirmDialog } from './confirm-dialog';
import {
  EMPTY_FORM,
  OutfitForm,
  type OutfitFormErrors,
  type OutfitFormValues,
} from './outfit-form';
import { OutfitPicker } from './outfit-picker';
import { OutfitPreview } from './outfit-preview';
import { PhoneOutfitBar } from './phone-outfit-bar';
import { EMPTY_PICKS, SLOT_LABEL, type SlotPicks } from './slots';
import { SubstitutePanel } from './substitute-panel';

type Mode = 'create' | 'edit';
type Action = 'create' | 'update' | 'delete';

interface Problems {
  form: OutfitFormErrors;
  slots: Partial<Record<Slot, string>>;
  message: string | null;
}

const NO_PROBLEMS: Problems = { form: {}, slots: {}, message: null };

const anyMarked = (p: Problems) =>
  Object.values(p.form).some(Boolean) || Object.values(p.slots).some(Boolean);

/**
 * Problems after some marks are put right: the message goes with the last of the marks it
 * summed up (a message without marks, such as a failed save, stays until the next try).
 */
function putRight(p: Problems, next: Pick<Problems, 'form' | 'slots'>): Problems {
  const settled = { ...p, ...next };
  return anyMarked(p) && !anyMarked(settled) ? { ...settled, message: null } : settled;
}

/** The form as it stands, which may still lack an occasion. */
type Draft = Omit<CreateOutfitBody, 'occasion'> & { occasion?: number };

/** ['a', 'b', 'c'] → 'a, b and c'. */
function listJoin(parts: string[]): string {
  return parts.length < 2
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

function picksOf(outfit: Outfit): SlotPicks {
  const picks: SlotPicks = { ...EMPTY_PICKS };
  // SPEC: the first piece listed for a slot fills it.
  for (const item of outfit.items) picks[item.slot] ??= item;
  return picks;
}

const FIELD_LABEL = { name: 'Name', occasion: 'Occasion', description: 'Description' } as const;

/**
 * The contract's verdict on the form as highlighted fields and one message: what is missing
 * ("still needs a name … and a piece for top"), else what is wrong.
 */
function formProblems(result: ReturnType<typeof CreateOutfitBodySchema.safeParse>): Problems {
  if (result.success) return NO_PROBLEMS;
  const found: Problems = { form: {}, slots: {}, message: null };
  const needs: string[] = [];
  const missingSlots: Slot[] = [];
  const wrong: string[] = [];
  for (const issue of result.error.issues) {
    const [field, part] = issue.path;
    if (field === 'item_ids' && SLOTS.includes(part as Slot)) {
      found.slots[part as Slot] = 'Pick a piece';
      missingSlots.push(part as Slot);
    } else if (field === 'name' || field === 'occasion' || field === 'description') {
      const text = `${FIELD_LABEL[field]} ${issue.message}`;
      found.form[field] ??= text;
      if (issue.message.startsWith('is required')) {
        needs.push(field === 'name' ? 'a name' : 'an occasion');
      } else wrong.push(text);
    } else wrong.push(issue.message);
  }
  const pieces = SLOTS.filter((slot) => missingSlots.includes(slot));
  if (pieces.length > 0) {
    needs.push(`a piece for ${listJoin(pieces.map((slot) => SLOT_LABEL[slot].toLowerCase()))}`);
  }
  found.message =
    needs.length > 0 ? `The outfit still needs ${listJoin(needs)}.` : `${wrong.join('. ')}.`;
  return found;
}

/** Turns the server's answer into highlighted fields and one readable message. */
function problemsFrom(error: unknown): Problems {
  if (!(error instanceof ApiRequestError)) {
    return { ...NO_PROBLEMS, message: 'Something went wrong. Please try again.' };
  }
  const problems: Problems = { form: {}, slots: {}, message: error.message };
  for (const [key, message] of Object.entries(error.fields)) {
    const [field, part] = key.split('.');
    if (field === 'name' || field === 'occasion' || field === 'description') {
      problems.form[field] = message;
    } else if (field === 'item_ids' && part && SLOTS.includes(part as Slot)) {
      problems.slots[part as Slot] = message;
    }
  }
  return problems;
}

/**
 * The design area: build an outfit from the carousels, or load one to change or delete.
 * Create, update and delete each ask first, then clear the board and refresh the outfit list.
 */
export function DesignStudio() {
  const notify = useNotify();
  const location = useLocation();
  const navigate = useNavigate();
  const occasions = useOccasions();
  const create = useCreateOutfit();
  const edit = useEditOutfit();
  const remove = useDeleteOutfit();
  const [params, setParams] = useSearchParams();
  // The outfit being edited is kept in the address (?edit=ID): a reload opens it again, as it is
  // saved now. Read once; an outfit sent from the design list comes first.
  const [reopen] = useState(() =>
    (location.state as { edit?: unknown } | null)?.edit ? null : positiveId(params.get('edit')),
  );
  const reopened = useDesignOutfit(reopen);
  const [mode, setMode] = useState<Mode>(reopen === null ? 'create' : 'edit');
  const [picks, setPicks] = useState<SlotPicks>(EMPTY_PICKS);
  const [form, setForm] = useState<OutfitFormValues>(EMPTY_FORM);
  const [editing, setEditing] = useState<DesignOutfit | null>(null);
  const [problems, setProblems] = useState<Problems>(NO_PROBLEMS);
  const [action, setAction] = useState<Action>('create');
  const [asking, setAsking] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const pickerInput = useRef<HTMLInputElement>(null);
  // Where focus goes when a retry works and takes an alert in it, and its Retry button, away.
  const tabPanel = useRef<HTMLDivElement>(null);
  // Counts updates and deletes done: each leaves Update and Delete disabled, so focus is moved.
  const [done, setDone] = useState(0);

  const pending = create.isPending || edit.isPending || remove.isPending;
  const occasionName = occasions.data?.find((o) => o.id === form.occasion)?.name;

  const reset = () => {
    setPicks(EMPTY_PICKS);
    setForm(EMPTY_FORM);
    setEditing(null);
    setProblems(NO_PROBLEMS);
    setAsking(false);
  };

  const ask = (next: Action) => {
    setAction(next);
    setAsking(true);
  };

  const switchMode = (next: Mode) => {
    if (next === mode) return;
    setMode(next);
    reset();
  };

  const pick = (slot: Slot, item: Item) => {
    setPicks((current) => ({ ...current, [slot]: current[slot]?.id === item.id ? null : item }));
    setProblems((p) => putRight(p, { form: p.form, slots: { ...p.slots, [slot]: undefined } }));
  };

  const clearSlot = (slot: Slot) => setPicks((current) => ({ ...current, [slot]: null }));

  const load = (outfit: DesignOutfit | null) => {
    setProblems(NO_PROBLEMS);
    setEditing(outfit);
    if (!outfit) {
      setPicks(EMPTY_PICKS);
      setForm(EMPTY_FORM);
      return;
    }
    setPicks(picksOf(outfit));
    setForm({ name: outfit.name, occasion: outfit.occasionId, description: outfit.description });
  };

  const changeForm = (next: OutfitFormValues) => {
    setForm(next);
    setProblems((p) =>
      putRight(p, {
        slots: p.slots,
        form: {
          name: next.name === form.name ? p.form.name : undefined,
          occasion: next.occasion === form.occasion ? p.form.occasion : undefined,
          description: next.description === form.description ? p.form.description : undefined,
        },
      }),
    );
  };

  /** What the form would send: the occasion left out until one is chosen, the pieces picked. */
  const draft = (): Draft => ({
    name: form.name.trim(),
    description: form.description.trim(),
    ...(form.occasion === '' ? {} : { occasion: form.occasion }),
    item_ids: Object.fromEntries(
      SLOTS.flatMap((slot) => (picks[slot] ? [[slot, picks[slot].id]] : [])),
    ),
  });

  /** The body the contract accepted, kept for the confirmation that follows. */
  const approved = useRef<CreateOutfitBody | null>(null);

  /** The contract's own checks, run before asking the server; true when the draft passes them. */
  const check = (): boolean => {
    const body = draft();
    const result = CreateOutfitBodySchema.safeParse(body);
    const found = formProblems(result);
    setProblems(found);
    // The schema accepted it, so every field it requires is there.
    approved.current = result.success ? (body as CreateOutfitBody) : null;
    return result.success;
  };

  const failed = (error: unknown) => {
    const found = problemsFrom(error);
    setAsking(false);
    // Said once, above the buttons just pressed (an alert): a toast would repeat it over them.
    setProblems(found);
  };

  const putDownWhenChanged = (error: unknown) => {
    failed(error);
    // Saved by someone else since it was opened: this copy is put down, to be opened again as
    // they left it (the picker asks for the outfits again).
    if (error instanceof ApiRequestError && error.status === 409 && !error.fields.name) {
      setEditing(null);
      setPicks(EMPTY_PICKS);
      setForm(EMPTY_FORM);
    }
  };

  const confirm = () => {
    const body = approved.current;
    if (action === 'create' && body) {
      create.mutate(body, {
        onSuccess: (outfit) => {
          notify(`Created “${outfit.name}”.`, 'success');
          reset();
        },
        onError: failed,
      });
    } else if (action === 'update' && editing && body) {
      edit.mutate(
        // Its version: an outfit another administrator saved meanwhile is not overwritten (409).
        { ...body, id: editing.id, version: editing.version },
        {
          onSuccess: (outfit) => {
            notify(`Saved “${outfit.name}”.`, 'success');
            reset();
            setDone((n) => n + 1);
          },
          onError: putDownWhenChanged,
        },
      );
    } else if (action === 'delete' && editing) {
      const { name } = editing;
      // Its version too: an outfit another administrator saved meanwhile is not deleted (409).
      remove.mutate(
        { id: editing.id, version: editing.version },
        {
          onSuccess: () => {
            notify(`Deleted “${name}”.`, 'success');
            reset();
            setDone((n) => n + 1);
          },
          onError: putDownWhenChanged,
        },
      );
    }
  };

  // An outfit sent here from the design list opens in the edit form; the state is then dropped,
  // so a reload reads the outfit again (?edit=ID) rather than reuse a copy that may have changed.
  const sent = (location.state as { edit?: DesignOutfit } | null)?.edit;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for each outfit sent.
  useEffect(() => {
    if (!sent) return;
    setMode('edit');
    load(sent);
    navigate('.', { replace: true, state: null });
  }, [sent]);

  const reopening = reopen !== null && !reopened.isFetched;
  // Once: a later read of the same outfit (the window refocused) must not undo changes made since.
  const reopenedOnce = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the outfit's answer comes.
  useEffect(() => {
    if (reopenedOnce.current) return;
    if (reopened.data) load(reopened.data);
    else if (reopened.error) {
      notify(messageOf(reopened.error, 'That outfit could not be opened. Pick it again.'), 'error');
    } else return;
    reopenedOnce.current = true;
  }, [reopened.data, reopened.error]);

  const editingId = editing?.id;
  useEffect(() => {
    if (reopening) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (editingId === undefined) next.delete('edit');
        else next.set('edit', String(editingId));
        return next;
      },
      { replace: true },
    );
  }, [editingId, reopening, setParams]);

  // The dialog hands focus back to the button that opened it, now disabled, so it would fall to
  // the page; it goes to the picker instead, ready for the next outfit. Runs after the dialog's.
  useEffect(() => {
    if (done > 0) pickerInput.current?.focus();
  }, [done]);

  // A swap takes away the slot's offer, with the button that had focus: saving comes next.
  const updateButton = useRef<HTMLButtonElement>(null);
  const [swaps, setSwaps] = useState(0);
  useEffect(() => {
    if (swaps > 0) updateButton.current?.focus();
  }, [swaps]);

  const swap = (slot: Slot, item: Item) => {
    setSwaps((n) => n + 1);
    setPicks((current) => ({ ...current, [slot]: item }));
    setProblems((p) => putRight(p, { form: p.form, slots: { ...p.slots, [slot]: undefined } }));
    notify(
      `${SLOT_LABEL[slot]} swapped for ${item.name} (${item.color}, ${item.size}). Save to keep it.`,
      'info',
    );
  };

  const editLocked = mode === 'edit' && !editing;
  const dialog = {
    create: { title: 'Create this outfit?', label: 'Create' },
    update: { title: 'Save changes to this outfit?', label: 'Save changes' },
    delete: { title: `Delete “${editing?.name ?? ''}”?`, label: 'Delete' },
  }[action];

  return (
    <Box
      sx={{
        maxWidth: 1440,
        mx: 'auto',
        px: { xs: 1.5, sm: 2, md: 3 },
        pt: { xs: 2, md: 3 },
        // Room for the phone's outfit bar.
        pb: { xs: 11, md: 3 },
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '400px minmax(0, 1fr)' },
        gap: { xs: 2, md: 3 },
        alignItems: 'start',
      }}
    >
      <Box
        ref={panel}
        sx={{
          scrollMarginTop: 72,
          position: { md: 'sticky' },
          top: { md: 76 },
          maxHeight: { md: 'calc(100dvh - 92px)' },
          overflowY: { md: 'auto' },
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: '20px',
        }}
      >
        <Tabs
          value={mode}
          onChange={(_, next: Mode) => switchMode(next)}
          variant="fullWidth"
          aria-label="Create or edit outfits"
          sx={{
            borderBottom: 1,
            borderColor: 'divider',
            '& .MuiTab-root': { fontWeight: 700, textTransform: 'none', fontSize: '0.95rem' },
          }}
        >
          <Tab value="create" label="Create" id="design-tab-create" aria-controls="design-panel" />
          <Tab value="edit" label="Edit" id="design-tab-edit" aria-controls="design-panel" />
        </Tabs>
        <Stack
          id="design-panel"
          role="tabpanel"
          ref={tabPanel}
          tabIndex={-1}
          aria-labelledby={`design-tab-${mode}`}
          spacing={1.75}
          sx={{ p: { xs: 2, sm: 2.5 } }}
        >
          <Box>
            <Typography variant="h3" component="h1">
              {mode === 'create' ? 'New outfit' : 'Edit an outfit'}
            </Typography>
            <Typography sx={{ color: 'text.secondary', fontSize: '0.88rem', mt: 0.5 }}>
              {mode === 'create'
                ? 'Pick a piece for each slot, then name it.'
                : 'Find an outfit by name, then change it.'}
            </Typography>
          </Box>
          {mode === 'edit' && (
            <OutfitPicker value={editing} onChange={load} inputRef={pickerInput} />
          )}
          <OutfitPreview picks={picks} errors={problems.slots} onClear={clearSlot} />
          {mode === 'edit' && editing && <SubstitutePanel picks={picks} onSwap={swap} />}
          {occasions.isError && !occasions.data && (
            <RetryAlert
              onRetry={occasions.refetch}
              retrying={occasions.isFetching}
              focusAfter={tabPanel}
            >
              The occasions could not be loaded, so none can be chosen yet.
            </RetryAlert>
          )}
          <OutfitForm
            values={form}
            errors={problems.form}
            occasions={occasions.data ?? []}
            disabled={editLocked}
            onChange={changeForm}
          />
          {problems.message && (
            <Alert severity="error" role="alert">
              {problems.message}
            </Alert>
          )}
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
            {mode === 'create' ? (
              <Button
                variant="contained"
                onClick={() => check() && ask('create')}
                disabled={pending}
                sx={{ flex: 1 }}
              >
                Create outfit
              </Button>
            ) : (
              <>
                <Button
                  ref={updateButton}
                  variant="contained"
                  onClick={() => check() && ask('update')}
                  disabled={pending || editLocked}
                  sx={{ flex: 1 }}
                >
                  Update outfit
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  onClick={() => ask('delete')}
                  disabled={pending || editLocked}
                >
                  Delete
                </Button>
              </>
            )}
            <Button
              variant="outlined"
              color="inherit"
              onClick={() => {
                setPicks(EMPTY_PICKS);
                setProblems((p) => ({ ...p, slots: {} }));
              }}
              disabled={pending || SLOTS.every((slot) => !picks[slot])}
              sx={{ borderColor: 'divider' }}
            >
              Clear Outfit
            </Button>
          </Stack>
        </Stack>
      </Box>

      <Stack spacing={2} component="section" aria-label="Catalogue">
        <Typography sx={{ color: 'text.secondary', fontSize: '0.88rem', px: 0.5 }}>
          Click a piece to put it in its slot; click it again to take it out. Filter a carousel by
          colour or name. Sold-out pieces can’t be used.
        </Typography>
        {SLOTS.map((slot) => (
          <CategoryCarousel key={slot} slot={slot} selectedId={picks[slot]?.id} onPick={pick} />
        ))}
      </Stack>

      <PhoneOutfitBar
        picks={picks}
        onReview={() => panel.current?.scrollIntoView({ behavior: 'smooth', block: 'start' })}
      />

      <ConfirmDialog
        open={asking}
        title={dialog.title}
        confirmLabel={dialog.label}
        danger={action === 'delete'}
        pending={pending}
        onConfirm={confirm}
        onCancel={() => setAsking(false)}
      >
        {action === 'delete' ? (
          <Typography>
            It leaves the shop at once. Shoppers who favorited it lose it from their favorites;
            their orders and closets keep what they bought.
          </Typography>
        ) : (
          <Stack spacing={1}>
            <Typography>
              <strong>{form.name.trim()}</strong>
              {occasionName ? ` · ${occasionName}` : ''}
            </Typography>
            <Box component="ul" sx={{ m: 0, pl: 2.5, color: 'text.secondary' }}>
              {SLOTS.map((slot) => (
                <li key={slot}>
                  {SLOT_LABEL[slot]}: {picks[slot]?.name} ({picks[slot]?.color})
                </li>
              ))}
            </Box>
          </Stack>
        )}
      </ConfirmDialog>
    </Box>
  );
}
