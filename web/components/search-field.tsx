import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';

/** A search box: a magnifier, a spinner while results load, and a button to clear it. */
export function SearchField({
  value,
  onChange,
  label,
  placeholder,
  loading = false,
  autoFocus = false,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
  placeholder?: string;
  loading?: boolean;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      autoFocus={autoFocus}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && value) {
          event.preventDefault();
          onChange('');
        }
      }}
      slotProps={{
        htmlInput: { maxLength: 100, enterKeyHint: 'search', autoComplete: 'off' },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search aria-hidden />
            </InputAdornment>
          ),
          endAdornment: (
            <InputAdornment position="end" sx={{ gap: 0.5 }}>
              {loading && <CircularProgress size={18} color="secondary" aria-label="Searching" />}
              {value && (
                <IconButton
                  edge="end"
                  size="small"
                  aria-label="Clear search"
                  onClick={() => onChange('')}
                >
                  <Close fontSize="small" />
                </IconButton>
              )}
            </InputAdornment>
          ),
        },
      }}
      sx={{
        '& input[type=search]::-webkit-search-cancel-button': { display: 'none' },
        '& .MuiOutlinedInput-root': { borderRadius: 999 },
      }}
    />
  );
}
