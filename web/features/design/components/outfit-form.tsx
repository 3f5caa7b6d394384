import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Occasion } from '../../../../contracts/catalog';
import { OUTFIT_DESCRIPTION_MAX, OUTFIT_NAME_MAX } from '../../../../contracts/design';

export interface OutfitFormValues {
  name: string;
  /** An occasion id, or '' while 'Select an occasion' is showing. */
  occasion: number | '';
  description: string;
}

export const EMPTY_FORM: OutfitFormValues = { name: '', occasion: '', description: '' };

export type OutfitFormErrors = Partial<Record<keyof OutfitFormValues, string>>;

export function OutfitForm({
  values,
  errors,
  occasions,
  disabled = false,
  onChange,
}: {
  values: OutfitFormValues;
  errors: OutfitFormErrors;
  occasions: Occasion[];
  disabled?: boolean;
  onChange: (values: OutfitFormValues) => void;
}) {
  return (
    <Stack spacing={1.75}>
      <TextField
        label="Name"
        name="name"
        size="small"
        required
        disabled={disabled}
        value={values.name}
        onChange={(e) => onChange({ ...values, name: e.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name}
        slotProps={{ htmlInput: { maxLength: OUTFIT_NAME_MAX } }}
      />
      <TextField
        select
        label="Occasion"
        name="occasion"
        size="small"
        required
        disabled={disabled}
        value={values.occasion === '' ? '' : String(values.occasion)}
        onChange={(e) =>
          onChange({ ...values, occasion: e.target.value === '' ? '' : Number(e.target.value) })
        }
        error={Boolean(errors.occasion)}
        helperText={errors.occasion}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      >
        <MenuItem value="">
          <em>Select an occasion</em>
        </MenuItem>
        {occasions.map((occasion) => (
          <MenuItem key={occasion.id} value={String(occasion.id)}>
            {occasion.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label="Description"
        name="description"
        size="small"
        multiline
        rows={4}
        disabled={disabled}
        value={values.description}
        onChange={(e) => onChange({ ...values, description: e.target.value })}
        error={Boolean(errors.description)}
        helperText={
          errors.description ??
          // The limit only matters near it.
          (values.description.length > OUTFIT_DESCRIPTION_MAX - 200
            ? `${values.description.length} / ${OUTFIT_DESCRIPTION_MAX}`
            : undefined)
        }
        slotProps={{ htmlInput: { maxLength: OUTFIT_DESCRIPTION_MAX } }}
      />
    </Stack>
  );
}
