import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForkRef } from '@mui/material/utils';
import { type Ref, useRef, useState } from 'react';
import type { DesignOutfit } from '../../../../contracts/design';
import { RetryAlert } from '../../../components/retry-alert';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDesignOutfits } from '../api/get-design-outfits';

/** Edit: pick an outfit by name; the server searches, so it works with any number of outfits. */
export function OutfitPicker({
  value,
  onChange,
  inputRef,
}: {
  value: DesignOutfit | null;
  onChange: (outfit: DesignOutfit | null) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [input, setInput] = useState('');
  // While an outfit is chosen the input shows its name; searching for it again is pointless.
  const search = useDebouncedValue(value && input === value.name ? '' : input, 250);
  const outfits = useDesignOutfits(search);
  // No outfits to offer because the search failed, not because none matched.
  const failed = outfits.isError && !outfits.data;
  // A retry that works leaves focus in the field, where the outfits now are.
  const field = useRef<HTMLInputElement>(null);
  const inputRefs = useForkRef(inputRef, field);

  return (
    <Stack spacing={1}>
      <Autocomplete
        size="small"
        options={outfits.data ?? []}
        value={value}
        onChange={(_, next) => onChange(next)}
        inputValue={input}
        onInputChange={(_, next) => setInput(next)}
        filterOptions={(options) => options}
        getOptionLabel={(outfit) => outfit.name}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        loading={outfits.isFetching}
        noOptionsText={
          failed
            ? 'The outfits could not be loaded'
            : search
              ? 'No outfit has that name'
              : 'No outfits yet'
        }
        renderOption={({ key, ...props }, outfit) => (
          <Box component="li" key={key} {...props} sx={{ gap: 1.5 }}>
            <Box sx={{ display: 'flex', gap: 0.25, flexShrink: 0 }} aria-hidden>
              {outfit.items.slice(0, 3).map((item) => (
                <Box
                  key={item.id}
                  component="img"
                  src={item.img}
                  alt=""
                  sx={{ width: 26, height: 32, borderRadius: '4px', objectFit: 'cover' }}
                />
              ))}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Typography noWrap sx={{ fontWeight: 600, fontSize: '0.9rem' }}>
                {outfit.name}
              </Typography>
              <Typography noWrap sx={{ color: 'text.secondary', fontSize: '0.78rem' }}>
                {outfit.occasion}
              </Typography>
            </Box>
          </Box>
        )}
        renderInput={(params) => (
          <TextField
            {...params}
            inputRef={inputRefs}
            label="Outfit to edit"
            placeholder="Search outfits by name"
          />
        )}
      />
      {failed && (
        <RetryAlert onRetry={outfits.refetch} retrying={outfits.isFetching} focusAfter={field}>
          The outfits could not be loaded.
        </RetryAlert>
      )}
    </Stack>
  );
}
