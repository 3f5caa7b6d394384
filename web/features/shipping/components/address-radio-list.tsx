import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { Address } from '../../../../contracts/shipping';
import { AddressLines } from '../../../components/address-lines';

/** The id of an address's radio, for a page that hands focus to it. */
export const addressRadioId = (id: number) => `address-${id}`;

/** SPEC's radio list of addresses, each with working Edit and Remove. */
export function AddressRadioList({
  addresses,
  value,
  onChange,
  onEdit,
  onRemove,
}: {
  addresses: Address[];
  value: number | null;
  onChange: (id: number) => void;
  onEdit: (address: Address) => void;
  onRemove: (address: Address) => void;
}) {
  const labelId = useId();
  return (
    <FormControl component="fieldset" required sx={{ width: '100%' }}>
      <FormLabel id={labelId} component="legend" sx={{ mb: 1, fontWeight: 600 }}>
        Ship to
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        value={value === null ? '' : String(value)}
        onChange={(event) => onChange(Number(event.target.value))}
        sx={{ gap: 1.25 }}
      >
        {addresses.map((address) => {
          const selected = address.id === value;
          const radioId = addressRadioId(address.id);
          return (
            <Box
              key={address.id}
              sx={{
                border: 1.5,
                borderColor: selected ? 'primary.main' : 'divider',
                borderRadius: '14px',
                bgcolor: 'background.paper',
                p: 1.5,
                pl: 0.5,
                display: 'flex',
                alignItems: 'flex-start',
                gap: 0.5,
              }}
            >
              <Radio
                value={String(address.id)}
                id={radioId}
                slotProps={{ input: { 'aria-describedby': `${radioId}-text` } }}
              />
              <Box sx={{ flex: 1, minWidth: 0, pt: 0.75 }}>
                <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                  <Typography
                    component="label"
                    htmlFor={radioId}
                    sx={{ fontWeight: 700, cursor: 'pointer', overflowWrap: 'anywhere' }}
                  >
                    {address.nickname}
                  </Typography>
                  {address.preferred && <Chip label="Preferred" size="small" />}
                </Stack>
                <AddressLines id={`${radioId}-text`} variant="body2" address={address} />
                {!address.phone && (
                  <Typography variant="body2" color="warning.main" sx={{ mt: 0.5 }}>
                    Add a phone number so the courier can reach you.
                  </Typography>
                )}
                <Stack direction="row" sx={{ gap: 1, mt: 1, flexWrap: 'wrap' }}>
                  <Button
                    size="small"
                    variant="outlined"
                    onClick={() => onEdit(address)}
                    aria-label={`Edit ${address.nickname}`}
                    sx={{ minHeight: 32 }}
                  >
                    Edit
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => onRemove(address)}
                    aria-label={`Remove ${address.nickname}`}
                    sx={{ minHeight: 32 }}
                  >
                    Remove
                  </Button>
                </Stack>
              </Box>
            </Box>
          );
        })}
      </RadioGroup>
    </FormControl>
  );
}
