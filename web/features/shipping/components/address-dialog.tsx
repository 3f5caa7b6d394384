import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  ADDRESS_LIMITS,
  type Address,
  type AddressFields,
  AddressFieldsSchema,
} from '../../../../contracts/shipping';
import { issuesByField, splitFieldErrors } from '../../../lib/field-errors';
import { useCreateAddress } from '../api/create-address';
import { useUpdateAddress } from '../api/update-address';

type FieldName = keyof AddressFields;
type Errors = Partial<Record<FieldName, string>>;

const EMPTY: Record<FieldName, string> = {
  nickname: '',
  recipient_name: '',
  phone: '',
  street_address: '',
  street_address_2: '',
  city: '',
  state: '',
  zip: '',
};

function formFrom(address: Address | null): Record<FieldName, string> {
  if (!address) return EMPTY;
  return {
    nickname: address.nickname,
    recipient_name: address.recipient_name ?? '',
    phone: address.phone ?? '',
    street_address: address.street_address,
    street_address_2: address.street_address_2 ?? '',
    city: address.city,
    state: address.state,
    zip: address.zip,
  };
}

const FIELD_NAMES = Object.keys(EMPTY) as FieldName[];

/** Said under a field that stopped taking characters at its limit, so nothing is cut unseen. */
function atLimit(name: FieldName, label: string, value: string): string | undefined {
  const limit = (ADDRESS_LIMITS as Partial<Record<FieldName, number>>)[name];
  return limit !== undefined && value.length >= limit
    ? `${label.replace(/ \(optional\)$/, '')} takes ${limit} characters at most.`
    : undefined;
}

/**
 * Add or edit an address. The contract's own rules check the form before it is sent, and the
 * server's field errors (it checks the same rules) land on the same fields.
 */
export function AddressDialog({
  open,
  address,
  onClose,
  onSaved,
  isFirst = false,
}: {
  open: boolean;
  /** The address to edit; null adds a new one. */
  address: Address | null;
  /** The shopper has no address yet: this one will be where things ship, whatever the box says. */
  isFirst?: boolean;
  onClose: () => void;
  onSaved?: (saved: Address) => void;
}) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const [form, setForm] = useState(() => formFrom(address));
  const [preferred, setPreferred] = useState(isFirst);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const firstHintId = useId();
  const first = isFirst && !address;
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    setForm(formFrom(address));
    setPreferred(address ? address.preferred : isFirst);
    setErrors({});
    setFailure(null);
  }, [open, address, isFirst]);

  const field = (name: FieldName, label: string, extra: object = {}, hint = ' ') => ({
    name,
    label,
    value: form[name],
    required: name !== 'street_address_2',
    error: Boolean(errors[name]),
    helperText: errors[name] ?? atLimit(name, label, form[name]) ?? hint,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setForm((f) => ({ ...f, [name]: event.target.value }));
      if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
    },
    ...extra,
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const formElement = event.currentTarget;
    // Drawn before the focus moves, so the first field in error is read out with its error.
    const showErrors = (found: Partial<Record<FieldName, string>>) => {
      flushSync(() => setErrors(found));
      const first = FIELD_NAMES.find((name) => found[name]);
      if (first) formElement.querySelector<HTMLInputElement>(`input[name="${first}"]`)?.focus();
    };
    setFailure(null);
    const parsed = AddressFieldsSchema.safeParse(form);
    if (!parsed.success) {
      showErrors(issuesByField<FieldName>(parsed.error.issues));
      return;
    }
    try {
      const body = { ...parsed.data, street_address_2: parsed.data.street_address_2 ?? null };
      const saved = address
        ? await update.mutateAsync({
            id: address.id,
            // Only a change of the box is sent: the list may be stale, and absent keeps the flag.
            body: preferred === address.preferred ? body : { ...body, preferred },
          })
        : await create.mutateAsync({ ...body, preferred: first || preferred });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const found = splitFieldErrors(error, FIELD_NAMES, 'That did not save. Try again.');
      setFailure(found.message);
      showErrors(found.fields);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby={titleId}
    >
      {/* A column of its own, so that the fields scroll and Cancel and Save stay in view. */}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}
      >
        <DialogTitle id={titleId} sx={{ fontFamily: 'inherit', fontWeight: 700 }}>
          {address ? 'Edit address' : 'Add an address'}
        </DialogTitle>
        <DialogContent>
          <Stack sx={{ gap: 0.5, pt: 1 }}>
            {failure && (
              <Alert severity="error" sx={{ mb: 1 }}>
                {failure}
              </Alert>
            )}
            <TextField
              {...field('nickname', 'Nickname', {
                placeholder: 'Home, Work…',
                autoFocus: true,
                slotProps: { htmlInput: { maxLength: ADDRESS_LIMITS.nickname } },
              })}
            />
            <TextField
              {...field('recipient_name', 'Recipient name', {
                autoComplete: 'name',
                slotProps: { htmlInput: { maxLength: ADDRESS_LIMITS.recipient_name } },
              })}
            />
            <TextField
              {...field(
                'phone',
                'Phone',
                {
                  type: 'tel',
                  autoComplete: 'tel',
                  placeholder: '(503) 555-0142',
                  slotProps: { htmlInput: { maxLength: ADDRESS_LIMITS.phone } },
                },
                'For the courier. Add the country code if outside the US.',
              )}
            />
            <TextField
              {...field('street_address', 'Street address', {
                autoComplete: 'address-line1',
                slotProps: { htmlInput: { maxLength: ADDRESS_LIMITS.street_address } },
              })}
            />
            <TextField
              {...field('street_address_2', 'Apartment, suite, floor (optional)', {
                autoComplete: 'address-line2',
                slotProps: { htmlInput: { maxLength: ADDRESS_LIMITS.street_address_2 } },
              })}
            />
            <TextField
              {...field('city', 'City', {
                autoComplete: 'address-level2',
                slotProps: { htmlInput: { maxLength: ADDRESS_LIMITS.city } },
              })}
            />
            <Stack direction="row" sx={{ gap: 1.5 }}>
              <TextField
                {...field('state', 'State', {
                  autoComplete: 'address-level1',
                  placeholder: 'NY',
                  slotProps: {
                    htmlInput: {
                      maxLength: 2,
                      autoCapitalize: 'characters',
                      style: { textTransform: 'uppercase' },
                    },
                  },
                })}
              />
              <TextField
                {...field('zip', 'ZIP code', {
                  autoComplete: 'postal-code',
                  placeholder: '10013',
                  slotProps: { htmlInput: { inputMode: 'numeric', maxLength: 10 } },
                })}
              />
            </Stack>
            <FormControlLabel
              control={
                <Checkbox
                  checked={first || preferred}
                  disabled={first}
                  onChange={(event) => setPreferred(event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': first ? firstHintId : undefined } }}
                />
              }
              label="Make this my default address"
            />
            {first && (
              <FormHelperText id={firstHintId} sx={{ mt: -0.5, ml: 4 }}>
                Your first address is your default.
              </FormHelperText>
            )}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            {pending ? 'Saving…' : 'Save'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
