import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useUser } from '../../features/auth/api/get-user';
import { SwipeDeck } from '../../features/feed/components/swipe-deck';

/** /home: the swipe feed. */
export default function Route() {
  const { data: user } = useUser();
  return (
    // Cards fly off sideways; the page must not scroll sideways with them.
    <Container maxWidth="lg" sx={{ pt: { xs: 1.5, md: 3 }, pb: 1, overflowX: 'clip' }}>
      {/* Keyed by the user: another account on this browser gets a fresh stack and queue. */}
      {user && (
        <SwipeDeck
          key={user.id}
          userId={user.id}
          title={
            <Typography
              variant="h1"
              sx={{
                fontSize: { xs: '1.5rem', md: '2.4rem' },
                textAlign: { xs: 'center', md: 'left' },
              }}
            >
              Discover
            </Typography>
          }
        />
      )}
    </Container>
  );
}
