import CheckRounded from '@mui/icons-material/CheckRounded';
import Box from '@mui/material/Box';
import { useId } from 'react';
import type { ProductVariants } from '../../../../contracts/catalog';
import { coloursOf } from './variants';

/** Ink or paper, whichever reads on the swatch. */
function contrastOn(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#1c1b1f' : '#ffffff';
}

/** The product's colours as round swatches: radio buttons, so arrow keys move between them. */
export function ColourPicker({
  product,
  value,
  onChange,
  label = 'Colour',
}: {
  product: ProductVariants;
  value: string;
  onChange: (color: string) => void;
  label?: string;
}) {
  const name = useId();
  return (
    <Box role="radiogroup" aria-label={label} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.25 }}>
      {coloursOf(product).map((v) => {
        const soldOut = product.variants.every((o) => o.color !== v.color || o.stock <= 0);
        return (
          <Box
            key={v.color}
            component="label"
            title={v.color}
            sx={{
              position: 'relative',
              cursor: 'pointer',
              '& input:focus-visible + span': {
                outline: '3px solid',
                outlineColor: 'secondary.main',
                outlineOffset: 3,
              },
              '& input:checked + span': {
                outline: '2px solid',
                outlineColor: 'text.primary',
                outlineOffset: 3,
              },
            }}
          >
            <Box
              component="input"
              type="radio"
              name={name}
              value={v.color}
              checked={value === v.color}
              onChange={() => onChange(v.color)}
              aria-label={soldOut ? `${v.color}, sold out` : v.color}
              sx={{ position: 'absolute', opacity: 0, width: 1, height: 1, m: 0 }}
            />
            <Box
              component="span"
              aria-hidden
              sx={{
                width: 38,
                height: 38,
                borderRadius: '50%',
                bgcolor: v.colorHex,
                border: '1px solid rgba(28,27,31,0.2)',
                display: 'grid',
                placeItems: 'center',
                color: contrastOn(v.colorHex),
                opacity: soldOut ? 0.45 : 1,
              }}
            >
              {value === v.color && <CheckRounded fontSize="small" />}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}
