import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

// The states pages share (loading, empty, error) are in ./states, free of MUI.

/** A page's frame: a serif title, an optional line under it, and room for the content. */
export function Page({
  title,
  subtitle,
  actions,
  children,
  maxWidth = 'md',
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
  maxWidth?: 'sm' | 'md' | 'lg';
}) {
  return (
    <Container maxWidth={maxWidth} sx={{ py: { xs: 2.5, sm: 4 } }}>
      <Stack
        direction="row"
        // The actions drop under the title when there is no room beside it (200% zoom or text).
        sx={{
          alignItems: 'flex-end',
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          mb: 2.5,
          gap: 2,
        }}
      >
        <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <Typography
            variant="h1"
            component="h1"
            tabIndex={-1}
            sx={{ fontSize: { xs: '2rem', sm: '2.4rem' } }}
          >
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          )}
        </Box>
        {actions}
      </Stack>
      {children}
    </Container>
  );
}
