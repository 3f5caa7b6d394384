import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SLOTS } from '../../../../contracts/catalog';
import { PICTURE_BACKDROP, SLOT_LABEL, type SlotPicks } from './slots';

/**
 * On a phone the preview scrolls away while the admin browses the carousels; this bar keeps the
 * five slots in sight and leads back to the form.
 */
export function PhoneOutfitBar({ picks, onReview }: { picks: SlotPicks; onReview: () => void }) {
  const filled = SLOTS.filter((slot) => picks[slot]).length;
  return (
    <Box
      sx={{
        display: { xs: 'block', md: 'none' },
        position: 'fixed',
        left: 0,
        right: 0,
        bottom: 0,
        zIndex: 20,
        bgcolor: 'rgba(255,255,255,0.96)',
        backdropFilter: 'blur(8px)',
        borderTop: 1,
        borderColor: 'divider',
        px: { xs: 1, sm: 1.5 },
        py: 1,
        pb: 'calc(8px + env(safe-area-inset-bottom))',
      }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Stack direction="row" sx={{ gap: 0.5 }} role="list" aria-label="Outfit so far">
          {SLOTS.map((slot) => {
            const item = picks[slot];
            return (
              <Box
                key={slot}
                role="listitem"
                aria-label={
                  item ? `${SLOT_LABEL[slot]}: ${item.name}` : `${SLOT_LABEL[slot]}: empty`
                }
                sx={{
                  // Narrower on a 320 px phone, so that the count keeps one line.
                  width: 'clamp(28px, 9vw, 36px)',
                  height: 'clamp(36px, 11vw, 44px)',
                  borderRadius: '8px',
                  overflow: 'hidden',
                  border: item ? 1 : '1.5px dashed',
                  borderColor: item ? 'divider' : '#bfb5a6',
                  background: item ? PICTURE_BACKDROP : 'transparent',
                }}
              >
                {item && (
                  <Box
                    component="img"
                    src={item.img}
                    alt=""
                    sx={{ width: '100%', height: '100%', objectFit: 'cover' }}
                  />
                )}
              </Box>
            );
          })}
        </Stack>
        {/* The count and Review stay together; at 200% zoom they go under the slots. */}
        <Stack direction="row" sx={{ flex: 1, alignItems: 'center', gap: 1 }}>
          <Typography
            sx={{
              flex: 1,
              fontSize: '0.8rem',
              fontWeight: 600,
              lineHeight: 1.2,
              whiteSpace: 'nowrap',
            }}
          >
            {filled} of 5
          </Typography>
          <Button variant="contained" size="small" onClick={onReview} sx={{ minHeight: 40 }}>
            Review
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
