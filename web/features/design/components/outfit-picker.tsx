import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Outfit } from '../../../../contracts/outfit';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useDesignOutfits } from '../api/get-design-outfits';

/** Edit: pick an outfit by name; the server searches, so it works with any number of outfits. */
export function OutfitPicker({
  value,
  onChange,
}: {
  value: Outfit | null;
  onChange: (outfit: Outfit | null) => void;
}) {
  const [input, setInput] = useState('');
  // While an outfit is chosen the input shows its name; searching for it again is pointless.
  const search = useDebouncedValue(value && input === value.name ? '' : input, 250);
  const outfits = useDesignOutfits(search);

  return (
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
      noOptionsText={search ? 'No outfit has that name' : 'No outfits yet'}
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
        <TextField {...params} label="Outfit to edit" placeholder="Search outfits by name" />
      )}
    />
  );
}
