import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

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
        sx={{ alignItems: 'flex-end', justifyContent: 'space-between', mb: 2.5, gap: 2 }}
      >
        <Box>
          <Typography variant="h1" component="h1" sx={{ fontSize: { xs: '2rem', sm: '2.4rem' } }}>
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

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Stack role="status" aria-live="polite" sx={{ alignItems: 'center', py: 8, gap: 2 }}>
      <CircularProgress color="secondary" aria-label={label} />
    </Stack>
  );
}

export function EmptyState({
  title,
  body,
  action,
}: {
  title: string;
  body?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Stack sx={{ alignItems: 'center', textAlign: 'center', py: 8, px: 2, gap: 1.5 }}>
      <Typography variant="h3" component="p">
        {title}
      </Typography>
      {body && (
        <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
          {body}
        </Typography>
      )}
      {action}
    </Stack>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Stack role="alert" sx={{ alignItems: 'center', textAlign: 'center', py: 8, gap: 1.5 }}>
      <Typography variant="h4" component="p">
        That did not load
      </Typography>
      <Typography color="text.secondary">{message}</Typography>
      {onRetry && (
        <Button variant="outlined" onClick={onRetry}>
          Try again
        </Button>
      )}
    </Stack>
  );
}
