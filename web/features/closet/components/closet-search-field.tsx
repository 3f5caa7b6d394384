import CloseRounded from '@mui/icons-material/CloseRounded';
import SearchRounded from '@mui/icons-material/SearchRounded';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/** The search kept in the address (`?q=`), so back, reload and shared links keep it. */
export function useUrlSearch(): [string, (q: string) => void] {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const setQ = useCallback(
    (next: string) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          if (next.trim()) copy.set('q', next);
          else copy.delete('q');
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [q, setQ];
}

/** A search box that tells the page what to look for a moment after typing stops. */
export function ClosetSearchField({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (q: string) => void;
  label: string;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const timer = setTimeout(() => onChange(text), 250);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);

  return (
    <TextField
      type="search"
      size="small"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={(e) => {
        if (e.key === 'Enter') onChange(text);
      }}
      slotProps={{
        htmlInput: { maxLength: 100, enterKeyHint: 'search' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchRounded fontSize="small" />
            </InputAdornment>
          ),
          endAdornment: text ? (
            <InputAdornment position="end">
              <IconButton
                aria-label="Clear search"
                edge="end"
                size="small"
                onClick={() => {
                  setText('');
                  onChange('');
                }}
              >
                <CloseRounded fontSize="small" />
              </IconButton>
            </InputAdornment>
          ) : undefined,
        },
      }}
      sx={{
        mb: 2.5,
        maxWidth: { sm: 520 },
        '& .MuiOutlinedInput-root': { borderRadius: 999 },
        // Our own clear button replaces the browser's.
        '& input::-webkit-search-cancel-button': { display: 'none' },
      }}
    />
  );
}
