import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  ADDRESS_LIMITS,
  type Address,
  type AddressFields,
  AddressFieldsSchema,
} from '../../../../contracts/shipping';
import { ApiRequestError } from '../../../lib/api-client';
import { useCreateAddress } from '../api/create-address';
import { useUpdateAddress } from '../api/update-address';

type FieldName = keyof AddressFields;
type Errors = Partial<Record<FieldName, string>>;

const EMPTY: Record<FieldName, string> = {
  nickname: '',
  street_address: '',
  city: '',
  state: '',
  zip: '',
};

function formFrom(address: Address | null): Record<FieldName, string> {
  if (!address) return EMPTY;
  const { nickname, street_address, city, state, zip } = address;
  return { nickname, street_address, city, state, zip };
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
}: {
  open: boolean;
  /** The address to edit; null adds a new one. */
  address: Address | null;
  onClose: () => void;
  onSaved?: (saved: Address) => void;
}) {
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const [form, setForm] = useState(() => formFrom(address));
  const [preferred, setPreferred] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (!open) return;
    setForm(formFrom(address));
    setPreferred(address ? address.preferred : true);
    setErrors({});
    setFailure(null);
  }, [open, address]);

  const field = (name: FieldName, label: string, extra: object = {}) => ({
    name,
    label,
    value: form[name],
    required: true,
    error: Boolean(errors[name]),
    helperText: errors[name] ?? ' ',
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setForm((f) => ({ ...f, [name]: event.target.value }));
      if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
    },
    ...extra,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    setFailure(null);
    const parsed = AddressFieldsSchema.safeParse(form);
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as FieldName;
        next[key] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    try {
      const saved = address
        ? await update.mutateAsync({ id: address.id, body: { ...parsed.data, preferred } })
        : await create.mutateAsync({ ...parsed.data, preferred });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && Object.keys(error.fields).length > 0) {
        setErrors(error.fields as Errors);
      } else {
        setFailure(error instanceof ApiRequestError ? error.message : 'That did not save.');
      }
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
      <Box component="form" noValidate onSubmit={submit}>
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
              {...field('street_address', 'Street address', {
                autoComplete: 'street-address',
                slotProps: { htmlInput: { maxLength: ADDRESS_LIMITS.street_address } },
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
                  checked={preferred}
                  onChange={(event) => setPreferred(event.target.checked)}
                />
              }
              label="Ship here by default"
            />
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
