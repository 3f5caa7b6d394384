import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import type { ProductVariants } from '../../../../contracts/catalog';
import { variantOf } from './variants';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The product's whole size run as radio buttons (arrow keys move between them): sizes not made
 * in this colour, or sold out in it, stay in their place but cannot be chosen.
 */
export function SizePicker({
  product,
  color,
  value,
  onChange,
  label = 'Size',
  error,
  dense = false,
}: {
  product: ProductVariants;
  color: string;
  value: string | null;
  onChange: (size: string) => void;
  /** The group's accessible name, e.g. "Size of Boxy Tee". */
  label?: string;
  error?: string | null | undefined;
  dense?: boolean;
}) {
  const id = useId();
  return (
    <Box>
      <Box
        role="radiogroup"
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: dense ? 0.75 : 1 }}
      >
        {product.sizes.map((size) => {
          const variant = variantOf(product, color, size);
          const why = !variant ? `not made in ${color}` : variant.stock <= 0 ? 'sold out' : null;
          const few = variant && variant.stock > 0 && variant.stock <= 3;
          return (
            <Box
              key={size}
              component="label"
              sx={{
                position: 'relative',
                cursor: why ? 'not-allowed' : 'pointer',
                '& input:focus-visible + span': {
                  outline: '3px solid',
                  outlineColor: 'secondary.main',
                  outlineOffset: 2,
                },
                '& input:checked + span': {
                  bgcolor: 'text.primary',
                  color: 'background.paper',
                  borderColor: 'text.primary',
                },
                '& input:disabled + span': {
                  color: 'text.disabled',
                  borderStyle: 'dashed',
                  textDecoration: 'line-through',
                },
              }}
            >
              <Box
                component="input"
                type="radio"
                name={id}
                value={size}
                checked={value === size}
                disabled={why !== null}
                onChange={() => onChange(size)}
                sx={visuallyHidden}
              />
              <Box
                component="span"
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                  minWidth: dense ? 44 : 52,
                  minHeight: dense ? 40 : 44,
                  px: 1.25,
                  borderRadius: '10px',
                  border: '1px solid',
                  borderColor: 'divider',
                  bgcolor: 'background.paper',
                  fontWeight: 600,
                  fontSize: '0.9rem',
                  whiteSpace: 'nowrap',
                  transition: 'background-color 120ms ease, color 120ms ease',
                }}
              >
                {size}
                {(why || few) && (
                  <Box component="span" sx={visuallyHidden}>
                    {why ? `, ${why}` : `, only ${variant?.stock} left`}
                  </Box>
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
      {error && (
        <Typography id={`${id}-error`} variant="body2" color="error" sx={{ mt: 0.75 }}>
          {error}
        </Typography>
      )}
    </Box>
  );
}
